import "server-only";
import { log } from "@/lib/log";
import { getDb, type Db } from "./client";
import { journalExists, journalPath, readJournal, rewriteJournal, withJournalLock, type JournalEntry } from "./journal";
import { insertPrediction, insertProduct } from "./registry-writes";

// Replays the registry journal into the database and truncates it. Called at start-up and
// before the registry is listed, so a product the service created is never silently lost.

/** Returns how many journalled records reached the database; those that still fail stay. */
export function reconcileJournal(db?: Db): Promise<number> {
  const file = journalPath();
  return withJournalLock(async () => {
    if (!(await journalExists(file))) return 0;
    const target = db ?? (await getDb());
    const entries = await readJournal(file);
    const remaining: JournalEntry[] = [];
    for (const entry of entries) {
      try {
        await replay(target, entry);
      } catch (error) {
        remaining.push(entry);
        log.error({ err: error, kind: entry.kind, id: entry.record.id }, "journal replay failed");
      }
    }
    await rewriteJournal(file, remaining);
    const replayed = entries.length - remaining.length;
    if (replayed > 0) log.info({ replayed }, "registry records replayed from the journal");
    return replayed;
  });
}

function replay(db: Db, entry: JournalEntry): Promise<void> {
  return entry.kind === "product" ? insertProduct(db, entry.record) : insertPrediction(db, entry.record);
}
