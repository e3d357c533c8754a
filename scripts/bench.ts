// `npm run bench`: starts the local service seeded with 10,000 finished predictions and the built
// app (building it first if stale), runs every section in scripts/bench/NN-*.ts in file-name
// order, prints one table and writes bench-results/latest.json. A new measurement (for example
// the gallery in a browser) is a new section file there; nothing here needs to change.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { BenchContext, BenchRow, BenchSection } from "./bench/context";
import { buildIfStale } from "./build-state";
import { startStack } from "./stack";

const root = path.resolve(__dirname, "..");
const SEEDED = Number(process.env.BENCH_PREDICTIONS ?? 10_000);

async function sections(): Promise<BenchSection[]> {
  const only = process.env.BENCH_ONLY?.split(",").map((s) => s.trim());
  const dir = path.join(__dirname, "bench");
  const files = readdirSync(dir).filter((f) => /^\d+-.+\.ts$/.test(f)).sort();
  const loaded: BenchSection[] = [];
  for (const file of files) {
    const mod = (await import(pathToFileURL(path.join(dir, file)).href)) as { default: BenchSection | { default: BenchSection } };
    // tsx may hand a CommonJS default back wrapped once more.
    const section = "run" in mod.default ? mod.default : mod.default.default;
    if (!only || only.includes(section.name)) loaded.push(section);
  }
  return loaded;
}

function printTable(rows: BenchRow[]): void {
  const cells = rows.map((r) => [r.section, r.metric, `${r.value} ${r.unit}`, r.note ?? ""]);
  const head = ["section", "metric", "value", "note"];
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const line = (c: string[]) => `| ${c.map((v, i) => (i === 2 ? v.padStart(widths[i]) : v.padEnd(widths[i]))).join(" | ")} |`;
  console.log(line(head));
  console.log(`|${widths.map((w, i) => (i === 2 ? `${"-".repeat(w + 1)}:` : "-".repeat(w + 2))).join("|")}|`);
  for (const c of cells) console.log(line(c));
}

async function main() {
  if (buildIfStale(root) !== 0) throw new Error("next build failed");
  const tmp = mkdtempSync(path.join(tmpdir(), "studio-bench-"));
  console.error(`Starting the local service with ${SEEDED} predictions and the built app…`);
  const stack = await startStack(root, {
    dataDir: tmp,
    admin: { email: "admin@bench.test", password: "bench-admin-password" },
    serviceEnv: { LOCAL_SERVICE_SEED_PREDICTIONS: String(SEEDED), LOCAL_SERVICE_LORA_MS: "1500", LOCAL_SERVICE_PREDICTION_MS: "800" },
    // Service calls counted here are the pages' own; the watcher has its own figures.
    appEnv: { WATCHER: "off" },
  });
  try {
    const signIn = await fetch(`${stack.appUrl}/api/session`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: stack.appUrl },
      body: JSON.stringify(stack.admin),
    });
    if (signIn.status !== 200) throw new Error(`sign-in failed: HTTP ${signIn.status}`);
    const cookie = (signIn.headers.get("set-cookie") ?? "").split(";")[0];
    const request = (base: string, headers: Record<string, string>) => (p: string, init: { method?: string; json?: unknown } = {}) =>
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
      appPid: stack.app.pid ?? 0,
      seeded: SEEDED,
      app: request(stack.appUrl, { cookie, origin: stack.appUrl }),
      control: async (p, init) => {
        const response = await control(p, init);
        return response.status === 204 ? null : response.json().catch(() => null);
      },
    };
    const rows: BenchRow[] = [];
    for (const section of await sections()) {
      console.error(`… ${section.name}`);
      rows.push(...(await section.run(ctx)));
    }
    printTable(rows);
    const out = path.join(root, "bench-results");
    mkdirSync(out, { recursive: true });
    const result = { at: new Date().toISOString(), command: "npm run bench", predictions: SEEDED, cpus: cpus().length, node: process.version, rows };
    writeFileSync(path.join(out, "latest.json"), `${JSON.stringify(result, null, 2)}\n`);
    console.error(`\nWritten to bench-results/latest.json`);
  } finally {
    await stack.stop();
    rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
