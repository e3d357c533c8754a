import { ROLES, isRole, type Role } from "@/lib/schemas/roles";

// Which role a person signing in through the identity provider gets: their groups (a claim the
// provider sends, OIDC_ROLE_CLAIM) mapped by OIDC_ROLE_MAP, the highest role of those that match;
// the default role when none does. Only a person's first sign-in uses it: afterwards the Users
// page is where roles change.

export type RoleMap = ReadonlyMap<string, Role>;

/** `studio-admins=admin,marketing=editor` → { studio-admins → admin, marketing → editor }. */
export function parseRoleMap(text: string): RoleMap {
  const map = new Map<string, Role>();
  for (const entry of text
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)) {
    const at = entry.lastIndexOf("=");
    const group = entry.slice(0, at).trim();
    const role = entry.slice(at + 1).trim();
    if (at <= 0 || !group) throw new Error(`"${entry}" is not group=role (e.g. studio-admins=admin)`);
    if (!isRole(role)) throw new Error(`"${entry}": the role must be admin, editor or reviewer`);
    map.set(group, role);
  }
  return map;
}

/** A claim's groups as strings: a list, or one string (some providers send a single group so). */
export function claimGroups(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === "string");
  return [];
}

// ROLES lists the roles from the most to the least allowed.
const rank = (role: Role) => ROLES.length - ROLES.indexOf(role);

export function roleForGroups(groups: readonly string[], map: RoleMap, fallback: Role): Role {
  let best: Role | null = null;
  for (const group of groups) {
    const role = map.get(group);
    if (role && (!best || rank(role) > rank(best))) best = role;
  }
  return best ?? fallback;
}
