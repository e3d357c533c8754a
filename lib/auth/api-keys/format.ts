// The shape of an API key's secret, client-safe: the logger's redaction, the keys page's hint and
// the wrapper that reads `Authorization: Bearer …` share it.

export const API_KEY_PREFIX = "psk_";

/** 43 base64url characters of 32 random bytes after the prefix. */
export const API_KEY_PATTERN = /psk_[A-Za-z0-9_-]{43}/;

/** What the list shows of a key, enough to tell two apart and nothing to use. */
export function keyHint(secret: string): string {
  return `${secret.slice(0, API_KEY_PREFIX.length + 4)}…`;
}
