import type { NicknameListRow } from "@camatlas/db";
import type { ModelNicknameReply } from "@camatlas/shared/api-contract";
import { presentNickname } from "../models/presenter.ts";

/** A nickname with its camsite and model, as the nickname list and page show it: the summary a card shows, and more. */
export function presentModelNickname(row: NicknameListRow): ModelNicknameReply {
  return {
    ...presentNickname(row),
    name: row.name,
    is_active: row.isActive,
    model:
      row.modelId !== null && row.modelName !== null && row.modelSlug !== null
        ? { id: row.modelId, name: row.modelName, slug: row.modelSlug }
        : null,
  };
}
