// The server-side watcher with every tab closed: how long after the local service finishes a
// training (and a prediction) the email arrives at a real SMTP server, and how many service
// calls the watcher makes in a minute with 100 trainings under way. Runs its own stacks (the
// main one has the watcher off so that the other sections count the pages' calls alone).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startHookReceiver, startMailBox, type MailBox } from "../../lib/notify/testing/receivers";
import { startStack, type Stack } from "../stack";
import { median, round, type BenchRow, type BenchSection } from "./context";
import { caller, createProducts, signIn } from "./own-stack";

const SECTION = "watcher";
const LORA_MS = 8_000;
const PREDICTION_MS = 3_000;
const root = path.resolve(__dirname, "..", "..");
const admin = { email: "admin@watcher.bench", password: "watcher-bench-password" };

async function withStack<T>(
  serviceEnv: Record<string, string>,
  appEnv: Record<string, string>,
  fn: (s: Stack, cookie: string) => Promise<T>,
): Promise<T> {
  const dir = mkdtempSync(path.join(tmpdir(), "studio-watcher-"));
  // The bench starts many trainings in a minute as one person, past the per-person limit people have.
  const stack = await startStack(root, {
    dataDir: dir,
    admin,
    serviceEnv,
    appEnv: { WATCHER: "on", PERSON_TRAININGS_PER_MINUTE: "1000", ...appEnv },
  });
  try {
    return await fn(stack, await signIn(stack, admin));
  } finally {
    await stack.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function mailsFor(box: MailBox, count: number, seconds: number): Promise<void> {
  for (let i = 0; i < seconds * 10 && box.mails.length < count; i++) await new Promise((r) => setTimeout(r, 100));
  if (box.mails.length < count) throw new Error(`only ${box.mails.length} of ${count} emails arrived`);
}

const p95 = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil(values.length * 0.95) - 1)];

const section: BenchSection = {
  name: SECTION,
  async run() {
    const rows: BenchRow[] = [];
    const box = await startMailBox();
    const hooks = await startHookReceiver();
    try {
      await withStack(
        {
          LOCAL_SERVICE_LORA_MS: String(LORA_MS),
          LOCAL_SERVICE_PREDICTION_MS: String(PREDICTION_MS),
          LOCAL_SERVICE_LORA_LIMIT: "1000",
        },
        // The bench's webhook receiver listens on 127.0.0.1.
        { SMTP_URL: box.url, WEBHOOK_ALLOW_LOCALHOST: "on" },
        async (stack, cookie) => {
          const app = caller(stack, () => cookie);
          await app("/api/webhooks", { json: { url: hooks.url, events: ["training.finished", "shots.ready"] } });
          const ids = await createProducts(app, 5, "Watched tote", ["label", "cap"], "#c33");
          const finishes = new Map<string, number>();
          for (const [n, id] of ids.entries()) {
            await app(`/api/products/${id}/lora`, { method: "POST" });
            finishes.set(`“Watched tote ${n}” is ready for shots`, Date.now() + LORA_MS);
          }
          await mailsFor(box, ids.length, 60);
          const training = box.mails.map((m, i) => box.arrivals[i] - (finishes.get(m.subject ?? "") ?? Number.NaN));
          rows.push({
            section: SECTION,
            metric: "training finished → email, median of 5",
            value: round(median(training)),
            unit: "ms",
            note: "goal ≤ 5000",
          });
          rows.push({
            section: SECTION,
            metric: "training finished → email, slowest of 5",
            value: round(Math.max(...training)),
            unit: "ms",
          });
          rows.push({
            section: SECTION,
            metric: "webhook calls for 5 trainings",
            value: hooks.calls.length,
            unit: "calls",
            note: "one each",
          });
          box.mails.length = 0;
          box.arrivals.length = 0;
          const predictionFinishes: number[] = [];
          for (const id of ids) {
            await app("/api/predictions", {
              json: { product_id: id, prompt: "on a linen table", aspect_ratio: "1:1" },
            });
            predictionFinishes.push(Date.now() + PREDICTION_MS);
          }
          await mailsFor(box, ids.length, 60);
          const shots = box.arrivals.map((at, i) => at - predictionFinishes[i]).sort((a, b) => a - b);
          rows.push({
            section: SECTION,
            metric: "shot ready → email, median of 5",
            value: round(median(shots)),
            unit: "ms",
            note: "goal ≤ 5000",
          });
          rows.push({ section: SECTION, metric: "shot ready → email, p95 of 5", value: round(p95(shots)), unit: "ms" });
        },
      );
      await withStack(
        { LOCAL_SERVICE_LORA_MS: String(3_600_000), LOCAL_SERVICE_LORA_LIMIT: "1000" },
        {},
        async (stack, cookie) => {
          const app = caller(stack, () => cookie);
          const ids = await createProducts(app, 100, "Long training", ["label", "cap"], "#c33");
          for (const id of ids) await app(`/api/products/${id}/lora`, { method: "POST" });
          const control = `${stack.service.controlUrl}/calls`;
          const auth = { authorization: `Bearer ${stack.service.token}` };
          await fetch(control, { method: "DELETE", headers: auth });
          await new Promise((r) => setTimeout(r, 60_000));
          const calls = ((await (await fetch(control, { headers: auth })).json()) as { calls: Record<string, number> })
            .calls;
          const productCalls = Object.entries(calls)
            .filter(([key]) => /^GET .*\/product\//.test(key))
            .reduce((n, [, c]) => n + c, 0);
          rows.push({
            section: SECTION,
            metric: "service calls in one minute, 100 trainings under way",
            value: productCalls,
            unit: "calls",
            note: "goal ≤ 100",
          });
        },
      );
    } finally {
      await Promise.all([box.close(), hooks.close()]);
    }
    return rows;
  },
};

export default section;
