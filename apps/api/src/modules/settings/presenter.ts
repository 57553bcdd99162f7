import type { SettingRow } from "@camatlas/db";
import type { SettingReply } from "@camatlas/shared/api-contract";

/** A saved setting as the API shows it. */
export function presentSetting(row: SettingRow): SettingReply {
  return { name: row.name, value: row.value, is_public: row.isPublic };
}
