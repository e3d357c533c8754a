import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";

// The API key a request came with, for the audit log (kept here, below lib/auth, because the
// audit reads it and lib/auth writes audit lines): every line its owner's actions write during
// the request says "via key <name>", and a write that recorded no line of its own gets one (so
// every write made with a key is on the Activity page). Kept under a global symbol because Next
// bundles a module once per entry, and the wrapper and the audit must share one store.

export interface KeyUse {
  keyId: string;
  keyName: string;
  ownerId: string;
  /** Set by the audit when a line was written for this request. */
  audited: boolean;
}

const STORE = Symbol.for("product-studio.api-key-use");
const holder = globalThis as unknown as Record<symbol, AsyncLocalStorage<KeyUse> | undefined>;
const storage = (holder[STORE] ??= new AsyncLocalStorage<KeyUse>());

export function withKeyUse<T>(use: KeyUse, fn: () => T): T {
  return storage.run(use, fn);
}

/** The key of the request being handled, when it came with one. */
export function keyInUse(): KeyUse | undefined {
  return storage.getStore();
}
