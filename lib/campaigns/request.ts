import "server-only";
import { getDb } from "@/lib/db/client";
import { engineContext, type EngineContext } from "./context";

/** The engine's context for one API request: the process's database and the real clock. */
export async function campaignRequest(): Promise<EngineContext> {
  return engineContext(await getDb());
}
