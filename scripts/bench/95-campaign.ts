// A campaign against a service that allows 3 creates per 2 s and answers the rest with bare
// 429s (the pace seen at a real stand-in, 3 per 10 s, five times faster), with some creates
// answered only after the app's timeout (made, but the answer lost). At 36 and 360 shots:
// wall time against the ideal the limit allows, 429s per 100 creates, shots made twice, shots
// missing, and the app server's memory; then 360 again with the app killed (SIGKILL) halfway
// and started again. Runs its own stacks (a fresh service and app for each run).
import { mkdirSync, mkdtempSync, openSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startStack, type Stack } from "../stack";
import { round, rssMb, type BenchRow, type BenchSection } from "./context";
import { caller, control, createProducts, signIn, type AppCall } from "./own-stack";

const SECTION = "campaign";
const LIMIT = 3;
const WINDOW_MS = 2_000;
const PREDICTION_MS = 2_000;
/** The app gives up on an answer after this; late answers come after LATE_MS. */
const TIMEOUT_MS = 2_000;
const LATE_MS = 3_000;
/** One create in about this many is answered late. */
const LATE_EVERY = 20;
const root = path.resolve(__dirname, "..", "..");
const admin = { email: "admin@campaign.bench", password: "campaign-bench-password" };

interface Run {
  shots: number;
  wallMs: number;
  idealMs: number;
  refusedPer100: number;
  twice: number;
  missing: number;
  late: number;
  /** From the start to the service's last create accepted, and to its last images written. */
  lastCreateMs: number;
  lastImagesMs: number;
  peakMb: number;
  endMb: number;
}

/** `count` trained products: made through the app, their training finished at once by the service. */
async function trainedProducts(app: AppCall, stack: Stack, count: number): Promise<string[]> {
  const ids = await createProducts(app, count, "Bench product", ["label"], "#3a7");
  for (const id of ids) await control(stack, `/lora/${id}/finish`, { method: "POST" });
  return ids;
}

/** products × 4 scenes × 3 ratios: 3 products make 36 shots, 30 make 360 (the launch). */
async function run(shots: number, killHalfway: boolean): Promise<Run> {
  const dir = mkdtempSync(path.join(tmpdir(), "studio-campaign-bench-"));
  // BENCH_CAMPAIGN_TRACE=<dir> keeps each run's app log and the moments of its creates, to see where time goes.
  const trace = process.env.BENCH_CAMPAIGN_TRACE;
  const label = `${shots}${killHalfway ? "-killed" : ""}`;
  if (trace) mkdirSync(trace, { recursive: true });
  const stack = await startStack(root, {
    dataDir: dir,
    appStdio: trace ? ["ignore", openSync(path.join(trace, `app-${label}.log`), "w"), "inherit"] : undefined,
    admin,
    serviceEnv: {
      LOCAL_SERVICE_PREDICTION_MS: String(PREDICTION_MS),
      LOCAL_SERVICE_CREATE_LIMIT: String(LIMIT),
      LOCAL_SERVICE_CREATE_WINDOW_MS: String(WINDOW_MS),
      LOCAL_SERVICE_LORA_LIMIT: "1000",
      // The service draws on this machine, beside the app: at full size (1536 px, 2.25 images a
      // shot) it falls behind 1.5 shots a second and its lag, not the app's pace, would be timed.
      LOCAL_SERVICE_IMAGE_LONG_EDGE: "384",
    },
    appEnv: {
      PVS_TIMEOUT_MS: String(TIMEOUT_MS),
      CAMPAIGN_RECONCILE_GRACE_MS: "20000",
      ...(trace ? { LOG_LEVEL: "debug" } : {}),
    },
  });
  let cookie = "";
  const app = caller(stack, () => cookie);
  let peak = 0;
  const sampler = setInterval(() => {
    if (stack.app.pid) peak = Math.max(peak, rssMb(stack.app.pid) || 0);
  }, 250);
  let lateTimer: NodeJS.Timeout | undefined;
  try {
    cookie = await signIn(stack, admin);
    const products = await trainedProducts(app, stack, shots / 12);
    const prompts = ["on a marble counter", "in a sunny kitchen", "on a beach at dusk", "in a snowy cabin"];
    const started = performance.now();
    const created = await app("/api/campaigns", {
      json: {
        name: `Bench ${shots}`,
        product_ids: products,
        prompts,
        aspect_ratios: ["1:1", "4:5", "16:9"],
        variations: 1,
      },
    });
    if (created.status !== 201) throw new Error(`campaign: HTTP ${created.status} ${await created.text()}`);
    const { id } = (await created.json()) as { id: string };
    // A late answer now and then, at about one create in LATE_EVERY at the limit's pace.
    let late = 0;
    const addLate = () => {
      late += 1;
      void control(stack, "/faults", {
        json: { match: "POST /api/v1/prediction/", kind: "late", delayMs: LATE_MS, count: 1 },
      }).catch(() => undefined);
    };
    addLate();
    lateTimer = setInterval(addLate, (LATE_EVERY * WINDOW_MS) / LIMIT);
    let killed = !killHalfway;
    for (;;) {
      const answer = await app(`/api/campaigns/${id}`).catch(() => null);
      const view = answer?.ok ? ((await answer.json()) as { status: string; ready: number; total: number }) : null;
      if (view?.status === "done" || view?.status === "failed") break;
      if (!killed && view && view.ready >= view.total / 2) {
        killed = true;
        await stack.restartApp("SIGKILL");
        cookie = await signIn(stack, admin);
      }
      // A person's page asks every 3 s; twice a second is enough to time the end within 2 %.
      await new Promise((r) => setTimeout(r, 500));
    }
    const wallMs = performance.now() - started;
    clearInterval(lateTimer);
    const limit = (await control(stack, "/create-limit")) as { accepted: number; refused: number };
    const { predictions } = (await control(stack, "/predictions/made")) as {
      predictions: {
        product_id: string;
        prompt: string;
        aspect_ratio: string;
        created_at: string;
        finished_at: string | null;
      }[];
    };
    const startedAt = Date.now() - (performance.now() - started);
    const latest = (values: (string | null)[]) => Math.max(...values.map((v) => (v ? Date.parse(v) - startedAt : 0)));
    if (trace) {
      const at = (iso: string | null) => (iso ? ((Date.parse(iso) - startedAt) / 1000).toFixed(2) : "-");
      const moments = predictions.map((p) => `${at(p.created_at)} ${at(p.finished_at)}`);
      writeFileSync(path.join(trace, `creates-${label}.txt`), `${moments.join("\n")}\n`);
    }
    const counts = new Map<string, number>();
    for (const p of predictions)
      counts.set(
        `${p.product_id}|${p.prompt}|${p.aspect_ratio}`,
        (counts.get(`${p.product_id}|${p.prompt}|${p.aspect_ratio}`) ?? 0) + 1,
      );
    const twice = [...counts.values()].reduce((n, c) => n + Math.max(0, c - 1), 0);
    const idealMs = (Math.ceil(shots / LIMIT) - 1) * WINDOW_MS + PREDICTION_MS;
    return {
      shots,
      wallMs,
      idealMs,
      refusedPer100: (100 * limit.refused) / Math.max(1, limit.accepted + limit.refused),
      twice,
      missing: shots - counts.size,
      late,
      lastCreateMs: latest(predictions.map((p) => p.created_at)),
      lastImagesMs: latest(predictions.map((p) => p.finished_at)),
      peakMb: peak,
      endMb: rssMb(stack.app.pid ?? 0),
    };
  } finally {
    clearInterval(sampler);
    if (lateTimer) clearInterval(lateTimer);
    await stack.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

function rows(r: Run, label: string): BenchRow[] {
  const section = `${SECTION} ${label}`;
  return [
    {
      section,
      metric: "wall time",
      value: Math.round(r.wallMs),
      unit: "ms",
      note: `the limit allows ${Math.round(r.idealMs)} ms at best`,
    },
    { section, metric: "wall time ÷ ideal", value: round(r.wallMs / r.idealMs, 2), unit: "count", note: "goal ≤ 1.2" },
    {
      section,
      metric: "last create accepted",
      value: Math.round(r.lastCreateMs),
      unit: "ms",
      note: "after the campaign was made",
    },
    {
      section,
      metric: "the service's last images",
      value: Math.round(r.lastImagesMs),
      unit: "ms",
      note: `${PREDICTION_MS} ms after the last create, if the service kept its time`,
    },
    { section, metric: "429 answers per 100 creates", value: round(r.refusedPer100), unit: "count", note: "goal ≤ 15" },
    {
      section,
      metric: "shots made twice",
      value: r.twice,
      unit: "count",
      note: `goal 0 (${r.late} creates answered after the timeout)`,
    },
    { section, metric: "shots missing", value: r.missing, unit: "count", note: "goal 0" },
    {
      section,
      metric: "app server RSS, highest sample",
      value: round(r.peakMb),
      unit: "MB",
      note: "flat between 36 and 360",
    },
    { section, metric: "app server RSS at the end", value: round(r.endMb), unit: "MB" },
  ];
}

const section: BenchSection = {
  name: SECTION,
  async run() {
    // BENCH_CAMPAIGN_RUNS narrows the runs, e.g. "36" or "360,360-killed".
    const wanted = (process.env.BENCH_CAMPAIGN_RUNS ?? "36,360,360-killed").split(",");
    const out: BenchRow[] = [];
    if (wanted.includes("36")) out.push(...rows(await run(36, false), "36 shots"));
    if (wanted.includes("360")) out.push(...rows(await run(360, false), "360 shots"));
    if (wanted.includes("360-killed")) out.push(...rows(await run(360, true), "360 shots, app killed halfway"));
    return out;
  },
};

export default section;
