// GET /api/session/sso/callback : where the identity provider sends the person back (a top-level
// navigation from its site, so a GET: the origin check lets it through, and SameSite=Lax cookies
// come with it). Signs them in, or back to the sign-in page with the reason in words.
import { withoutSession } from "@/lib/api/with-session";
import { deviceCookieHeader, newDeviceCookieValue } from "@/lib/auth/device-cookie";
import { CHANGE_PASSWORD_PATH, safeNextPath } from "@/lib/auth/next-path";
import { clearedFlowCookieHeader } from "@/lib/auth/oidc/flow";
import { SsoRefused } from "@/lib/auth/oidc/refusals";
import { oidcSettings } from "@/lib/auth/oidc-settings/settings";
import { completeCompanySignIn } from "@/lib/auth/oidc/sign-in";
import { sealSession, sessionCookieHeader } from "@/lib/auth/session";
import { AppError } from "@/lib/errors";
import { clientAddress } from "@/lib/net/client-address";
import { signInPageWith } from "@/lib/auth/oidc/sign-in-page";

export const dynamic = "force-dynamic";

export const GET = withoutSession(async (request) => {
  const settings = oidcSettings();
  if (!settings)
    throw new AppError("not_found", "Company sign-in is not set up here. Sign in with your email and password.");
  let signedIn;
  try {
    signedIn = await completeCompanySignIn(settings, request, clientAddress(request));
  } catch (error) {
    if (error instanceof SsoRefused) return signInPageWith(error.reason, "/");
    throw error;
  }
  const { user } = signedIn;
  const next = safeNextPath(signedIn.next);
  const headers = new Headers({ "cache-control": "no-store" });
  headers.set(
    "location",
    user.passwordChangeRequired ? `${CHANGE_PASSWORD_PATH}?next=${encodeURIComponent(next)}` : next,
  );
  headers.append("set-cookie", sessionCookieHeader(await sealSession(user.id)));
  headers.append("set-cookie", deviceCookieHeader(newDeviceCookieValue(user.id)));
  headers.append("set-cookie", clearedFlowCookieHeader());
  return new Response(null, { status: 303, headers });
});
