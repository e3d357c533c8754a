/** Roles as the words of a budget name them. */
export const ROLE_PLURAL: Record<string, string> = { admin: "admins", editor: "editors", reviewer: "reviewers" };
