// The roles and who may do what, declared once (client-safe: the Users page lists them too).
// "create" covers everything that spends the service's credits: products, LoRA training and
// predictions.

export const ROLES = ["admin", "editor", "reviewer"] as const;
export type Role = (typeof ROLES)[number];

export const ACTIONS = ["view", "review", "download", "create", "manage_users"] as const;
export type Action = (typeof ACTIONS)[number];

const ALLOWED: Record<Role, ReadonlySet<Action>> = {
  admin: new Set(ACTIONS),
  editor: new Set<Action>(["view", "review", "download", "create"]),
  reviewer: new Set<Action>(["view", "review", "download"]),
};

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

export function can(role: Role, action: Action): boolean {
  return ALLOWED[role]?.has(action) ?? false;
}

const RANK: Record<Role, number> = { reviewer: 0, editor: 1, admin: 2 };

/** Whether `role` allows nothing `ceiling` does not (an API key's role against its owner's). */
export function isRoleWithin(role: Role, ceiling: Role): boolean {
  return RANK[role] <= RANK[ceiling];
}

/** The lower of two roles: a key never does more than its owner may today. */
export function lowerRole(a: Role, b: Role): Role {
  return RANK[a] <= RANK[b] ? a : b;
}
