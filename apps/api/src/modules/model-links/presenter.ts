import type { ModelLinkReply } from "@camatlas/shared/api-contract";

interface ModelLinkRow {
  id: number;
  modelId: number;
  label: string;
  url: string;
  category: ModelLinkReply["category"];
  contains: ModelLinkReply["contains"];
}

/** A link as the API shows it after adding it. */
export function presentModelLink(row: ModelLinkRow): ModelLinkReply {
  return {
    id: row.id,
    model_id: row.modelId,
    label: row.label,
    url: row.url,
    category: row.category,
    contains: row.contains,
  };
}
