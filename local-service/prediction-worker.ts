// Finishes predictions in the background when they are due, off the request path, a few at a time.
// Due times are stored, so after a restart pending predictions still finish when due.
import { imageCount, writeProductImage } from "./product-images";
import type { PredictionRecord, Store } from "./store";

const CONCURRENCY = 2;

export class PredictionWorker {
  private timers = new Map<string, NodeJS.Timeout>();
  private queue: string[] = [];
  private active = new Set<Promise<void>>();
  private closed = false;

  constructor(
    private readonly store: Store,
    private readonly log: (line: string) => void,
    private readonly now: () => number,
    private readonly longEdge?: number,
  ) {}

  /** Schedules every prediction that is still processing and not stalled. */
  resumeAll(): void {
    for (const prediction of this.store.predictions.values()) this.schedule(prediction);
  }

  schedule(prediction: PredictionRecord): void {
    if (this.closed || prediction.stalled || prediction.images.length > 0 || this.timers.has(prediction.id)) return;
    const timer = setTimeout(
      () => {
        this.timers.delete(prediction.id);
        this.queue.push(prediction.id);
        this.pump();
      },
      Math.max(0, prediction.dueAt - this.now()),
    );
    this.timers.set(prediction.id, timer);
  }

  private pump(): void {
    while (!this.closed && this.active.size < CONCURRENCY && this.queue.length > 0) {
      const id = this.queue.shift() as string;
      const job = this.generate(id).finally(() => {
        this.active.delete(job);
        this.pump();
      });
      this.active.add(job);
    }
  }

  private async generate(id: string): Promise<void> {
    const prediction = this.store.predictions.get(id);
    const product = prediction && this.store.products.get(prediction.productId);
    if (!prediction || !product) return;
    try {
      const files = Array.from({ length: imageCount(prediction.prompt) }, (_, i) => `${prediction.id}-${i}.jpg`);
      for (const [variant, file] of files.entries()) {
        if (this.closed) return;
        await writeProductImage({
          imagesDir: this.store.imagesDir,
          product,
          prompt: prediction.prompt,
          variant,
          ratio: prediction.aspectRatio,
          file,
          longEdge: this.longEdge,
        });
      }
      prediction.images = files;
      prediction.modifiedAt = this.now();
      this.store.save();
      this.log(`prediction ${id}: ${files.length} image(s) ready`);
    } catch (err) {
      // Failed generations are "not shown" by the document: the prediction stays processing.
      this.log(`prediction ${id}: generation failed: ${(err as Error).message}`);
    }
  }

  /** Stops scheduling and waits for images being written; unfinished ones resume on the next start. */
  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    this.queue = [];
    await Promise.allSettled([...this.active]);
  }
}
