import "server-only";
import { createHmac } from "node:crypto";
import { sealData, unsealData } from "iron-session";
import { env } from "@/lib/env";

// A share link's address, kept so that its maker can copy it again from the Shared links page.
// The registry looks links up by the token's SHA-256 as before; beside it the token is kept
// sealed (iron: encrypted and signed) with a key of its own, derived from the session secret. A
// leaked database alone still opens no link; the secret that unseals it also signs every session
// cookie, so whoever holds it could already act as anyone. Only the maker is ever shown it.

// Its own key, not the cookies' one: a sealed token can never pass for a session, nor the reverse.
const password = () => createHmac("sha256", env().SESSION_SECRET).update("share-link-address").digest("base64url");

/** The token, sealed for the registry; it never expires (the link's own expiry decides). */
export function sealShareToken(token: string): Promise<string> {
  return sealData({ token }, { password: password(), ttl: 0 });
}

/** The token back, or null: a link made before addresses were kept, or sealed under another secret. */
export async function unsealShareToken(sealed: string | null): Promise<string | null> {
  if (!sealed) return null;
  try {
    const data = await unsealData<{ token?: unknown }>(sealed, { password: password(), ttl: 0 });
    return typeof data.token === "string" ? data.token : null;
  } catch {
    return null;
  }
}
