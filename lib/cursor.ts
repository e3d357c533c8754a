import type { z } from "zod";
import { AppError } from "@/lib/errors";

// The one codec of the API's page cursors (gallery, review queue): a keyset position, never an
// offset, as base64url JSON. Opaque to the browser; whatever comes back is checked by the
// caller's schema, so a cursor edited by hand is a 400, never a 500.

const INVALID = "The cursor is not valid; start again from the first page.";

export function encodeCursor(position: object): string {
  return Buffer.from(JSON.stringify(position)).toString("base64url");
}

export function decodeCursor<T>(cursor: string, schema: z.ZodType<T>): T {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw new AppError("bad_request", INVALID);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new AppError("bad_request", INVALID);
  return parsed.data;
}
