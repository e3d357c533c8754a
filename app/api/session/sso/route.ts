// GET /api/session/sso?next=… : the company sign-in button; sends the person to the identity provider.
import { withoutSession } from "@/lib/api/with-session";
import { safeNextPath } from "@/lib/auth/next-path";
import { startFlow } from "@/lib/auth/oidc/flow";
import { SsoRefused } from "@/lib/auth/oidc/refusals";
import { oidcSettings } from "@/lib/auth/oidc-settings/settings";
import { AppError } from "@/lib/errors";
import { signInPageWith } from "@/lib/auth/oidc/sign-in-page";

export const dynamic = "force-dynamic";

export const GET = withoutSession(async (request) => {
  const settings = oidcSettings();
  if (!settings)
    throw new AppError("not_found", "Company sign-in is not set up here. Sign in with your email and password.");
  const next = safeNextPath(new URL(request.url).searchParams.get("next"));
  try {
    const { url, cookie } = await startFlow(settings, next);
    return new Response(null, {
      status: 303,
      headers: { location: url, "set-cookie": cookie, "cache-control": "no-store" },
    });
  } catch (error) {
    if (error instanceof SsoRefused) return signInPageWith(error.reason, next);
    throw error;
  }
});
