// Bearer-token check of section 5: full tokens may do everything, read-only tokens only GET.
import { createHash, timingSafeEqual } from "node:crypto";
import type { Tokens } from "./config";

export type Access = "full" | "readOnly";

export interface Caller {
  token: string;
  access: Access;
}

const digest = (value: string) => createHash("sha256").update(value).digest();

function matches(candidate: Buffer, tokens: string[]): boolean {
  // Compare digests in constant time, and every token, so timing reveals nothing.
  let found = false;
  for (const token of tokens) found = timingSafeEqual(candidate, digest(token)) || found;
  return found;
}

/** Returns the caller, or null for a missing header, a missing `Bearer ` prefix or an unknown token. */
export function authenticate(header: string | undefined, tokens: Tokens): Caller | null {
  const match = /^Bearer (\S+)$/.exec(header?.trim() ?? "");
  if (!match) return null;
  const candidate = digest(match[1]);
  if (matches(candidate, tokens.full)) return { token: match[1], access: "full" };
  if (matches(candidate, tokens.readOnly)) return { token: match[1], access: "readOnly" };
  return null;
}
