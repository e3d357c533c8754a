import "server-only";
import { fastestRecentGenerationMs } from "@/lib/db/generation-times";
import { log } from "@/lib/log";

// The account's fastest recent generation time, read from the registry at most every so often
// per process (polls ask for it many times a second), sooner while nothing is known yet.

const KNOWN_FOR_MS = 30_000;
const UNKNOWN_FOR_MS = 5_000;

let known: { value: number | null; until: number } | null = null;
let reading: Promise<number | null> | null = null;

/** Never fails: without the figure, polls share answers for the short time only (null). */
export function fastestGenerationMs(): Promise<number | null> {
  if (known && known.until > Date.now()) return Promise.resolve(known.value);
  reading ??= fastestRecentGenerationMs()
    .catch((error: unknown) => {
      log.warn({ err: error }, "could not read recent generation times");
      return null;
    })
    .then((value) => {
      known = { value, until: Date.now() + (value === null ? UNKNOWN_FOR_MS : KNOWN_FOR_MS) };
      return value;
    })
    .finally(() => {
      reading = null;
    });
  return reading;
}
