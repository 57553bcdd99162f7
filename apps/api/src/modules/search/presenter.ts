import type { searchModelsTypeahead } from "@camatlas/db";
import { findCamsiteById } from "@camatlas/shared";
import type { TypeaheadItemReply } from "@camatlas/shared/api-contract";

type TypeaheadRow = Awaited<ReturnType<typeof searchModelsTypeahead>>[number];

/** A typeahead match: the model, the name or nickname that matched, and that nickname's camsite. */
export function presentTypeaheadItem(row: TypeaheadRow): TypeaheadItemReply {
  const camsite = row.camSiteId !== null ? findCamsiteById(row.camSiteId) : undefined;
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    avatar_path: row.avatarPath ? `/media/${row.avatarPath}` : null,
    matched: row.matched,
    cam_site: camsite ? { id: camsite.id, name: camsite.name } : null,
  };
}
