// All state of the local service: records in memory, persisted to dataDir/state.json atomically
// (temp file + rename) so a restart finds every product, training and prediction again.
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import type { AspectRatio } from "./format";

export interface TextureRecord {
  key: string;
  /** File name inside the images folder, served on the asset origin. */
  file: string;
}

export interface LoraRecord {
  startedAt: number;
  durationMs: number;
  /** Stalled by the control API: never finishes. */
  stalled: boolean;
}

export interface ProductRecord {
  id: string;
  name: string;
  templateId: number;
  textures: TextureRecord[];
  createdAt: number;
  lora: LoraRecord | null;
}

export interface PredictionRecord {
  id: string;
  productId: string;
  prompt: string;
  aspectRatio: AspectRatio;
  createdAt: number;
  dueAt: number;
  modifiedAt: number;
  /** File names inside the images folder; empty while processing. */
  images: string[];
  stalled: boolean;
  /**
   * Made by a create through the API (GET /predictions/made lists these), as opposed to seeded.
   * Records written before this flag existed lack it and count as not made through the API.
   */
  fromApi?: true;
}

interface StateFile {
  version: 1;
  products: ProductRecord[];
  predictions: PredictionRecord[];
  seedProductId?: string;
}

const SAVE_DELAY_MS = 20;

export class Store {
  readonly products = new Map<string, ProductRecord>();
  readonly predictions = new Map<string, PredictionRecord>();
  seedProductId: string | undefined;
  /** Called when a background write fails (the next change retries the write). */
  onSaveError: (err: Error) => void = (err) => console.error("local-service: state write failed", err);
  private sorted: PredictionRecord[] | null = null;
  private saveTimer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();

  private constructor(readonly dataDir: string) {}

  get imagesDir(): string {
    return path.join(this.dataDir, "images");
  }

  get uploadsDir(): string {
    return path.join(this.dataDir, "uploads");
  }

  private get statePath(): string {
    return path.join(this.dataDir, "state.json");
  }

  static async open(dataDir: string): Promise<Store> {
    const store = new Store(dataDir);
    await mkdir(store.imagesDir, { recursive: true });
    await mkdir(store.uploadsDir, { recursive: true });
    let text: string | null = null;
    try {
      text = await readFile(store.statePath, "utf8");
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
    }
    if (text !== null) {
      // A corrupt state file is a loud start-up failure, never a silent reset that loses data.
      const state = JSON.parse(text) as StateFile;
      for (const product of state.products) store.products.set(product.id, product);
      for (const prediction of state.predictions) store.predictions.set(prediction.id, prediction);
      store.seedProductId = state.seedProductId;
    }
    return store;
  }

  addProduct(product: ProductRecord): void {
    this.products.set(product.id, product);
    this.save();
  }

  addPredictions(records: PredictionRecord[]): void {
    for (const record of records) this.predictions.set(record.id, record);
    this.sorted = null;
    this.save();
  }

  /** Oldest first; the interface promises no order, so clients must not rely on this one. */
  listPredictions(): PredictionRecord[] {
    this.sorted ??= [...this.predictions.values()].sort((a, b) => a.createdAt - b.createdAt);
    return this.sorted;
  }

  /** Marks a change; writes are coalesced so a burst of changes costs one write. */
  save(): void {
    if (this.saveTimer) return;
    this.saveTimer = setTimeout(() => {
      this.saveTimer = null;
      this.flush().catch((err: Error) => this.onSaveError(err));
    }, SAVE_DELAY_MS);
  }

  /** Writes the state now (after any write in flight); resolves when it is on disk. */
  flush(): Promise<void> {
    if (this.saveTimer) {
      clearTimeout(this.saveTimer);
      this.saveTimer = null;
    }
    this.writing = this.writing.catch(() => undefined).then(() => this.writeState());
    return this.writing;
  }

  private async writeState(): Promise<void> {
    const state: StateFile = {
      version: 1,
      products: [...this.products.values()],
      predictions: [...this.predictions.values()],
      seedProductId: this.seedProductId,
    };
    const temp = `${this.statePath}.${process.pid}.tmp`;
    await writeFile(temp, JSON.stringify(state));
    await rename(temp, this.statePath);
  }
}
