import type { NotificationRow } from "@camatlas/db";
import type { NotificationReply } from "@camatlas/shared/api-contract";

/** A notification as its owner reads it. */
export function presentNotification(row: NotificationRow): NotificationReply {
  const data: NotificationReply["data"] = { text: row.data.text };
  if (row.data.title !== undefined) data.title = row.data.title;
  if (row.data.models_ids !== undefined) data.models_ids = row.data.models_ids;
  if (row.data.models !== undefined) data.models = row.data.models;
  if (row.data.url !== undefined) data.url = row.data.url;
  return {
    id: row.id,
    type: row.type,
    data,
    read_at: row.readAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}
