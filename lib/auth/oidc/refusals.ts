// Why a sign-in through the identity provider did not go through, in the words the sign-in page
// shows (`/sign-in?sso=<reason>`). Client-safe: the page reads them; the callback names only the
// reason in the address, never the provider's own text.

export const SSO_REFUSALS = {
  denied: "The sign-in was cancelled at your company's sign-in page. Try again when you are ready.",
  expired: "That sign-in took too long or was already used. Start again with the button below.",
  failed: "Your company's sign-in could not be confirmed. Start again with the button below.",
  unavailable: "Your company's sign-in page is not answering just now. Try again in a moment, or ask your IT team.",
  domain: "Your company account's email is not one that may use Product Studio. Ask an admin to add you.",
  unverified:
    "Your company account's email is not verified, so Product Studio cannot tell who you are. Ask your IT team.",
  no_email:
    "Your company account did not tell Product Studio your email. Ask your IT team to share it (the email scope).",
  disabled: "Your account is turned off. Ask an admin to turn it back on.",
} as const;

export type SsoRefusal = keyof typeof SSO_REFUSALS;

export function ssoRefusalWords(reason: string | undefined | null): string | null {
  return reason && Object.hasOwn(SSO_REFUSALS, reason) ? SSO_REFUSALS[reason as SsoRefusal] : null;
}

/** A sign-in through the provider ended without a session, for `reason`. */
export class SsoRefused extends Error {
  constructor(
    readonly reason: SsoRefusal,
    readonly detail?: string,
  ) {
    super(`company sign-in refused: ${reason}`);
  }
}
