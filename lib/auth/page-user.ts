import "server-only";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { CHANGE_PASSWORD_PATH } from "@/lib/auth/next-path";
import type { SessionUser } from "@/lib/types";
import { currentUser } from "./session";


/**
 * The signed-in user of a page render, or a redirect to the sign-in page that returns to `next`.
 * Pages check here; route handlers check in `withSession` (lib/api). The proxy only redirects
 * visitors without any cookie, so this is the real check. Someone who must change a generated
 * password is sent to the change form first (which then returns to `next`).
 */
export async function requirePageUser(next: string): Promise<SessionUser> {
  const jar = await cookies();
  const cookie = jar.getAll().map((c) => `${c.name}=${encodeURIComponent(c.value)}`).join("; ");
  const request = new Request("http://app.local/", { headers: { cookie } });
  const user = await currentUser(request);
  if (!user) redirect(`/sign-in?next=${encodeURIComponent(next)}`);
  if (user.password_change_required && !next.startsWith(CHANGE_PASSWORD_PATH)) {
    redirect(`${CHANGE_PASSWORD_PATH}?next=${encodeURIComponent(next)}`);
  }
  return user;
}

export async function optionalPageUser(): Promise<SessionUser | null> {
  const jar = await cookies();
  const cookie = jar.getAll().map((c) => `${c.name}=${encodeURIComponent(c.value)}`).join("; ");
  return currentUser(new Request("http://app.local/", { headers: { cookie } }));
}
