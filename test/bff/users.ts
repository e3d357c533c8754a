// Accounts of every role for BFF tests, created through the Users API by the admin.
import { api, signIn } from "./client";
import { rolePassword } from "./role-password";

export interface RoleCookies {
  admin: string;
  editor: string;
  reviewer: string;
}

/** Creates an editor and a reviewer with unique emails (tests share one app) and signs each in. */
export async function cookiesForEveryRole(tag: string): Promise<RoleCookies & { emails: Record<string, string> }> {
  const admin = await signIn();
  const emails: Record<string, string> = {};
  const cookies: Partial<RoleCookies> = { admin };
  for (const role of ["editor", "reviewer"] as const) {
    const email = `${role}-${tag}-${Date.now()}@bff.test`;
    const password = rolePassword(role);
    const created = await api("/api/users", { cookie: admin, json: { email, role, password } });
    if (created.status !== 201) throw new Error(`creating ${role}: ${created.status} ${await created.text()}`);
    emails[role] = email;
    cookies[role] = await signIn(email, password);
  }
  return { ...(cookies as RoleCookies), emails };
}
