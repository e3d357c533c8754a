import "server-only";
import { log } from "@/lib/log";
import type { PredictionView } from "@/lib/types";
import { indexEntry, newestFirst, type IndexedPrediction } from "./gallery-page";

// One in-memory index per app process of the joined prediction list (service list + registry
// records + product names), shared by every user: the service lists every prediction at once
// with no paging, so the gallery pages and filters this copy instead of asking it each time.
// Stale-while-revalidate: an index older than STALE_MS is served as it is while one background
// refresh runs; only the very first call (or one that asks for `fresh`) waits for a load.

const STALE_MS = 3_000;

export interface PredictionIndex {
  /** Newest first (see newestFirst). Never mutated: a change makes a new array. */
  entries: readonly IndexedPrediction[];
  byId: ReadonlyMap<string, IndexedPrediction>;
  loadedAt: number;
  /** Grows with every load or patch. */
  version: number;
}

type Loader = () => Promise<PredictionView[]>;

let current: PredictionIndex | null = null;
let refreshing: Promise<PredictionIndex> | null = null;
let version = 0;
// Views the app learned of itself (a create, a poll) since a load began: a load that started
// before them would otherwise drop them again.
const patches = new Map<string, { view: PredictionView; at: number }>();

function build(entries: IndexedPrediction[], loadedAt: number): PredictionIndex {
  return { entries, byId: new Map(entries.map((e) => [e.view.id, e])), loadedAt, version: ++version };
}

function refresh(load: Loader): Promise<PredictionIndex> {
  if (refreshing) return refreshing;
  const startedAt = Date.now();
  refreshing = load()
    .then((views) => {
      const byId = new Map(views.map((view) => [view.id, view]));
      for (const [id, patch] of patches) {
        if (patch.at >= startedAt) byId.set(id, patch.view);
        else patches.delete(id);
      }
      current = build([...byId.values()].map(indexEntry).sort(newestFirst), startedAt);
      return current;
    })
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

/** The index, loading it on first use and refreshing it in the background once stale. */
export async function predictionIndex(load: Loader, options: { fresh?: boolean } = {}): Promise<PredictionIndex> {
  if (!current || options.fresh) return refresh(load);
  if (Date.now() - current.loadedAt > STALE_MS && !refreshing) {
    refresh(load).catch((error) => log.error({ err: error }, "prediction index background refresh failed"));
  }
  return current;
}

/**
 * Puts what the app just learned about one prediction (it created it, or a poll saw its images
 * arrive) into the index at once, so the gallery shows it without waiting for the next refresh.
 */
export function patchPredictionIndex(view: PredictionView): void {
  // Fifty people polling one prediction must not rebuild the index fifty times.
  const known = current?.byId.get(view.id)?.view;
  if (known && sameView(known, view)) return;
  patches.set(view.id, { view, at: Date.now() });
  if (!current) return;
  const entry = indexEntry(view);
  const entries = current.entries.filter((e) => e.view.id !== view.id);
  let lo = 0;
  let hi = entries.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (newestFirst(entries[mid], entry) <= 0) lo = mid + 1;
    else hi = mid;
  }
  entries.splice(lo, 0, entry);
  current = build(entries, current.loadedAt);
}

function sameView(a: PredictionView, b: PredictionView): boolean {
  return (
    a.status === b.status &&
    a.date_modification === b.date_modification &&
    a.aspect_ratio === b.aspect_ratio &&
    a.product_name === b.product_name &&
    a.created_at === b.created_at &&
    a.prompt === b.prompt &&
    a.images.length === b.images.length &&
    a.images.every((url, i) => url === b.images[i])
  );
}

/** Test hook: forget the index. */
export function resetPredictionIndexForTests(): void {
  current = null;
  refreshing = null;
  patches.clear();
}
