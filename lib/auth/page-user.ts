import "server-only";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { CHANGE_PASSWORD_PATH } from "@/lib/auth/next-path";
import type { SessionUser } from "@/lib/types";
import { currentUser, isFirstPasswordChange } from "./session";

/**
 * The signed-in user of a page render, or a redirect to the sign-in page that returns to `next`.
 * Pages check here; route handlers check in `withSession` (lib/api). The proxy only redirects
 * visitors without any cookie, so this is the real check. Someone who must change a generated
 * password is sent to the change form first (which then returns to `next`).
 */
export async function requirePageUser(next: string): Promise<SessionUser> {
  const user = await currentUser(await pageRequest());
  if (!user) redirect(`/sign-in?next=${encodeURIComponent(next)}`);
  if (user.password_change_required && !next.startsWith(CHANGE_PASSWORD_PATH)) {
    redirect(`${CHANGE_PASSWORD_PATH}?next=${encodeURIComponent(next)}`);
  }
  return user;
}

/** True when the page's session began by typing the one-time password it must now replace. */
export async function pageIsFirstPasswordChange(user: SessionUser): Promise<boolean> {
  return isFirstPasswordChange(await pageRequest(), user);
}

/** The page's cookies as a request, for the checks route handlers make on theirs. */
async function pageRequest(): Promise<Request> {
  const jar = await cookies();
  const cookie = jar
    .getAll()
    .map((c) => `${c.name}=${encodeURIComponent(c.value)}`)
    .join("; ");
  return new Request("http://app.local/", { headers: { cookie } });
}

export async function optionalPageUser(): Promise<SessionUser | null> {
  return currentUser(await pageRequest());
}
