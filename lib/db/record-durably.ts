import "server-only";
import { log } from "@/lib/log";
import { AppError } from "@/lib/errors";
import { getDb, type Db } from "./client";
import { appendJournal, type JournalEntry } from "./journal";
import { insertPrediction, insertProduct } from "./registry-writes";

// A record of something the service already created must not be lost: try the database a few
// times, then fall back to the fsync'd journal that reconcileJournal() replays.

const RETRY_DELAYS_MS = [50, 200, 800];

/** "recorded" when the row is in the database, "journaled" when it waits in the journal. */
export type RecordOutcome = "recorded" | "journaled";

export async function recordDurably(entry: JournalEntry, db?: Db): Promise<RecordOutcome> {
  let lastError: unknown;
  for (let attempt = 0; attempt <= RETRY_DELAYS_MS.length; attempt++) {
    try {
      const target = db ?? (await getDb());
      if (entry.kind === "product") await insertProduct(target, entry.record);
      else await insertPrediction(target, entry.record);
      return "recorded";
    } catch (error) {
      lastError = error;
      const delay = RETRY_DELAYS_MS[attempt];
      if (delay !== undefined) await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
  log.error(
    { err: lastError, kind: entry.kind, id: entry.record.id },
    "could not record in the registry; journaling it for replay",
  );
  try {
    await appendJournal(entry);
    return "journaled";
  } catch (journalError) {
    log.error({ err: journalError, kind: entry.kind, id: entry.record.id }, "journaling failed too");
    throw new AppError(
      "internal",
      `The service created ${entry.kind} ${entry.record.id}, but the app could not record it.`,
      { cause: journalError },
    );
  }
}
