// `npm run bench`: for each seeded size the sections ask for (10,000 predictions unless a section
// says otherwise; the gallery's sections also run at 100,000), starts the local service seeded
// with that many finished predictions and the built app (building it first if stale), runs those
// sections in file-name order, samples the app server's memory throughout, prints one table and
// writes bench-results/latest.json. A new measurement is a new section file in scripts/bench/.
// BENCH_ONLY=<section,…> and BENCH_SIZES=<n,…> narrow a run.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { DEFAULT_SIZE, rssMb, round, type BenchContext, type BenchRow, type BenchSection } from "./bench/context";
import { buildIfStale } from "./build-state";
import { startStack } from "./stack";

const root = path.resolve(__dirname, "..");

async function sections(): Promise<BenchSection[]> {
  const only = process.env.BENCH_ONLY?.split(",").map((s) => s.trim());
  const dir = path.join(__dirname, "bench");
  const files = readdirSync(dir)
    .filter((f) => /^\d+-.+\.ts$/.test(f))
    .sort();
  const loaded: BenchSection[] = [];
  for (const file of files) {
    const mod = (await import(pathToFileURL(path.join(dir, file)).href)) as {
      default: BenchSection | { default: BenchSection };
    };
    // tsx may hand a CommonJS default back wrapped once more.
    const section = "run" in mod.default ? mod.default : mod.default.default;
    if (!only || only.includes(section.name)) loaded.push(section);
  }
  return loaded;
}

const sizesOf = (section: BenchSection) => section.sizes ?? [DEFAULT_SIZE];

function printTable(rows: BenchRow[]): void {
  const cells = rows.map((r) => [
    r.section,
    (r.seeded ?? DEFAULT_SIZE).toLocaleString("en-US"),
    r.metric,
    `${r.value} ${r.unit}`,
    r.note ?? "",
  ]);
  const head = ["section", "predictions", "metric", "value", "note"];
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const line = (c: string[]) =>
    `| ${c.map((v, i) => (i === 3 ? v.padStart(widths[i]) : v.padEnd(widths[i]))).join(" | ")} |`;
  console.log(line(head));
  console.log(`|${widths.map((w, i) => (i === 3 ? `${"-".repeat(w + 1)}:` : "-".repeat(w + 2))).join("|")}|`);
  for (const c of cells) console.log(line(c));
}

/** One stack seeded with `seeded` predictions, the sections that run at that size, and its memory. */
async function pass(seeded: number, list: BenchSection[], appEnv: Record<string, string> = {}): Promise<BenchRow[]> {
  const tmp = mkdtempSync(path.join(tmpdir(), "studio-bench-"));
  console.error(`Starting the local service with ${seeded} predictions and the built app…`);
  const stack = await startStack(root, {
    dataDir: tmp,
    admin: { email: "admin@bench.test", password: "bench-admin-password" },
    // Predictions take 8 s, long enough for ten tabs to open one before it finishes on a busy
    // 2-core machine (at 4 s most finished first and were left out).
    serviceEnv: {
      LOCAL_SERVICE_SEED_PREDICTIONS: String(seeded),
      LOCAL_SERVICE_LORA_MS: "1500",
      LOCAL_SERVICE_PREDICTION_MS: "8000",
    },
    // Service calls counted here are the pages' own; the watcher has its own figures.
    appEnv: { WATCHER: "off", ...appEnv },
  });
  let peak = 0;
  const sampler = setInterval(() => {
    const pid = stack.app.pid;
    if (pid) peak = Math.max(peak, rssMb(pid) || 0);
  }, 250);
  try {
    const signIn = await fetch(`${stack.appUrl}/api/session`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: stack.appUrl },
      body: JSON.stringify(stack.admin),
    });
    if (signIn.status !== 200) throw new Error(`sign-in failed: HTTP ${signIn.status}`);
    const cookie = (signIn.headers.get("set-cookie") ?? "").split(";")[0];
    const request =
      (base: string, headers: Record<string, string>) =>
      (p: string, init: { method?: string; json?: unknown } = {}) =>
        fetch(`${base}${p}`, {
          method: init.method ?? (init.json !== undefined ? "POST" : "GET"),
          headers: { ...headers, ...(init.json !== undefined ? { "content-type": "application/json" } : {}) },
          body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
        });
    const control = request(stack.service.controlUrl, { authorization: `Bearer ${stack.service.token}` });
    const ctx: BenchContext = {
      stack,
      appUrl: stack.appUrl,
      cookie,
      get appPid() {
        return stack.app.pid ?? 0;
      },
      seeded,
      app: request(stack.appUrl, { cookie, origin: stack.appUrl }),
      control: async (p, init) => {
        const response = await control(p, init);
        return response.status === 204 ? null : response.json().catch(() => null);
      },
    };
    const rows: BenchRow[] = [];
    for (const section of list) {
      console.error(`… ${section.name} at ${seeded}`);
      try {
        rows.push(...(await section.run(ctx)));
      } catch (error) {
        // One failed section must not lose the others' figures.
        console.error(error);
        rows.push({
          section: section.name,
          metric: "FAILED",
          value: Number.NaN,
          unit: "count",
          note: String(error instanceof Error ? error.message : error)
            .split("\n")[0]
            .slice(0, 120),
        });
      }
    }
    rows.push(
      {
        section: "memory",
        metric: "app server RSS at the end",
        value: round(rssMb(ctx.appPid)),
        unit: "MB",
        note: "goal at 100,000: ≤ 100 MB above the run at 1,000",
      },
      { section: "memory", metric: "app server RSS, highest sample (every 250 ms)", value: round(peak), unit: "MB" },
    );
    return rows.map((row) => ({ ...row, seeded }));
  } finally {
    clearInterval(sampler);
    await stack.stop();
    rmSync(tmp, { recursive: true, force: true });
  }
}

async function main() {
  if (buildIfStale(root) !== 0) throw new Error("next build failed");
  const loaded = await sections();
  const only = process.env.BENCH_SIZES?.split(",").map(Number);
  const sizes = [...new Set(loaded.flatMap(sizesOf))].filter((n) => !only || only.includes(n)).sort((a, b) => a - b);
  const rows: BenchRow[] = [];
  for (const size of sizes) {
    // One stack per size and per environment the sections ask for.
    const groups = new Map<string, BenchSection[]>();
    for (const section of loaded.filter((s) => sizesOf(s).includes(size))) {
      const key = JSON.stringify(section.appEnv ?? {});
      groups.set(key, [...(groups.get(key) ?? []), section]);
    }
    for (const [key, list] of groups) rows.push(...(await pass(size, list, JSON.parse(key) as Record<string, string>)));
  }
  printTable(rows);
  const out = path.join(root, "bench-results");
  mkdirSync(out, { recursive: true });
  const result = {
    at: new Date().toISOString(),
    command: "npm run bench",
    sizes,
    cpus: cpus().length,
    node: process.version,
    rows,
  };
  writeFileSync(path.join(out, "latest.json"), `${JSON.stringify(result, null, 2)}\n`);
  console.error(`\nWritten to bench-results/latest.json`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
