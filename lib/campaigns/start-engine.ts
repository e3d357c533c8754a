import "server-only";
import { getDb } from "@/lib/db/client";
import { env } from "@/lib/env";
import { engineContext } from "./context";
import { ShotEngine } from "./engine";

// The process's shot engine, started with the server (lib/startup.ts) and stopped before the
// database closes, so a create on its way is answered and recorded. With CAMPAIGN_ENGINE=off
// this instance sends nothing by itself; another instance on the same database does.

let engine: ShotEngine | null = null;

export async function startShotEngine(): Promise<void> {
  if (env().CAMPAIGN_ENGINE === "off" || engine) return;
  engine = new ShotEngine(engineContext(await getDb()));
  engine.start();
}

/** Shots were queued by this instance: its engine sends them now (others find them at their next tick). */
export function wakeShotEngine(): void {
  engine?.wake();
}

export async function stopShotEngine(): Promise<void> {
  await engine?.stop();
  engine = null;
}
