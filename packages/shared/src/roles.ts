// Role ids (spec §3/§6). Stored in users.role_id and the role cookie, so the numbers are fixed.
export const ROLE = { admin: 1, camfan: 2, camgirl: 3 } as const;

export type RoleKey = keyof typeof ROLE;
export type RoleId = (typeof ROLE)[RoleKey];

export const ROLE_IDS: readonly RoleId[] = [ROLE.admin, ROLE.camfan, ROLE.camgirl];

/** New accounts are camfans unless they register as camgirls. */
export const DEFAULT_ROLE_ID: RoleId = ROLE.camfan;

export const ROLE_NAMES: Readonly<Record<RoleId, string>> = {
  [ROLE.admin]: "Admin",
  [ROLE.camfan]: "Camfan",
  [ROLE.camgirl]: "Camgirl",
};

/** Roles a user may pick when registering; admin is granted, never chosen. */
export const SELF_ASSIGNABLE_ROLE_IDS: readonly RoleId[] = [ROLE.camfan, ROLE.camgirl];

export function isRoleId(value: unknown): value is RoleId {
  return typeof value === "number" && (ROLE_IDS as readonly number[]).includes(value);
}

/** Role ids arrive as strings from the role cookie. */
export function parseRoleId(value: string | number | null | undefined): RoleId | undefined {
  if (value == null || value === "") return undefined;
  const id = typeof value === "number" ? value : Number(value);
  return isRoleId(id) ? id : undefined;
}

export function roleName(roleId: number | null | undefined): string | undefined {
  return isRoleId(roleId) ? ROLE_NAMES[roleId] : undefined;
}

export function isAdmin(roleId: number | null | undefined): boolean {
  return roleId === ROLE.admin;
}
