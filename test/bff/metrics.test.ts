// GET /api/metrics: only the bearer of METRICS_TOKEN reads it (the app without one configured
// answers 404: test/bff/backup.test.ts), and what it shows grows with the app's own work while
// carrying no token, email or id.
import { beforeAll, describe, expect, it } from "vitest";
import { api, bff, createProduct, signIn } from "./client";

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a Prometheus text scrape (comments skipped). */
function samples(text: string): Sample[] {
  const out: Sample[] = [];
  for (const line of text.split("\n")) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)$/.exec(line);
    if (!match) continue;
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[key] = value;
    out.push({ name: match[1], labels, value: Number(match[3]) });
  }
  return out;
}

function value(all: Sample[], name: string, labels: Record<string, string> = {}): number {
  return all
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);
}

async function scrape(): Promise<{ text: string; all: Sample[] }> {
  const response = await api("/api/metrics", { headers: { authorization: `Bearer ${bff().metricsToken}` } });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  const text = await response.text();
  return { text, all: samples(text) };
}

describe("GET /api/metrics", () => {
  let cookie: string;
  beforeAll(async () => {
    cookie = await signIn();
  });

  it("is refused without the token, with another one, or with a session alone", async () => {
    expect((await api("/api/metrics")).status).toBe(401);
    expect((await api("/api/metrics", { headers: { authorization: "Bearer not-the-metrics-token" } })).status).toBe(
      401,
    );
    expect((await api("/api/metrics", { headers: { authorization: `Bearer ${bff().metricsToken}x` } })).status).toBe(
      401,
    );
    const signedIn = await api("/api/metrics", { cookie });
    expect(signedIn.status).toBe(401);
    expect(await signedIn.json()).toMatchObject({ error: "Unauthorized" });
  });

  it("counts requests by route pattern and status, with their durations", async () => {
    const before = (await scrape()).all;
    const labels = { route: "/api/templates", method: "GET", status: "200" };
    expect((await api("/api/templates", { cookie })).status).toBe(200);
    expect((await api("/api/templates", { cookie })).status).toBe(200);
    expect((await api("/api/products/no-such-product-id", { cookie })).status).toBeGreaterThanOrEqual(400);
    const after = (await scrape()).all;
    const count = "studio_http_request_duration_seconds_count";
    expect(value(after, count, labels) - value(before, count, labels)).toBe(2);
    expect(value(after, "studio_http_request_duration_seconds_bucket", { ...labels, le: "+Inf" })).toBe(
      value(after, count, labels),
    );
    expect(value(after, "studio_http_request_duration_seconds_sum", labels)).toBeGreaterThan(0);
    // The product route is counted by its pattern; the id in the path is nowhere.
    expect(value(after, count, { route: "/api/products/[id]", method: "GET" })).toBeGreaterThanOrEqual(1);
    expect(after.some((s) => JSON.stringify(s.labels).includes("no-such-product-id"))).toBe(false);
  });

  it("counts service calls by operation and status", async () => {
    const before = (await scrape()).all;
    const created = await createProduct(cookie, "1", "Metrics bottle", ["label"]);
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    expect((await api(`/api/products/${id}`, { cookie })).status).toBe(200);
    const { all, text } = await scrape();
    const calls = "studio_service_calls_total";
    expect(
      value(all, calls, { operation: "POST /product/", status: "201" }) -
        value(before, calls, { operation: "POST /product/", status: "201" }),
    ).toBe(1);
    expect(
      value(all, calls, { operation: "GET /product/{id}" }) - value(before, calls, { operation: "GET /product/{id}" }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      value(all, "studio_service_call_duration_seconds_count", { operation: "POST /product/" }),
    ).toBeGreaterThanOrEqual(1);
    // 429s and retries are their own counters (none need have happened yet).
    expect(text).toContain("# TYPE studio_service_throttled_total counter");
    expect(text).toContain("# TYPE studio_service_retries_total counter");
    expect(text).not.toContain(id);
  });

  it("shows the job queue, the outbox, the watcher, the index and the process, read at scrape time", async () => {
    const { all, text } = await scrape();
    for (const state of ["waiting_training", "queued", "sending", "unknown", "generating"]) {
      const sample = all.find((s) => s.name === "studio_shot_jobs" && s.labels.state === state);
      expect(sample?.value, state).toBeGreaterThanOrEqual(0);
    }
    for (const name of [
      "studio_campaigns_open",
      "studio_watcher_lag_seconds",
      "studio_uploads_in_flight",
      "studio_create_pace_blocked",
    ]) {
      expect(all.find((s) => s.name === name)?.value, name).toBeGreaterThanOrEqual(0);
    }
    expect(
      all
        .filter((s) => s.name === "studio_outbox_depth")
        .map((s) => s.labels.channel)
        .sort(),
    ).toEqual(["email", "push", "webhook"]);
    expect(text).toContain("studio_prediction_index_reconcile_age_seconds ");
    expect(text).toContain("# TYPE studio_db_errors_total counter");
    expect(value(all, "process_resident_memory_bytes")).toBeGreaterThan(10 * 1024 * 1024);
    expect(all.some((s) => s.name === "nodejs_eventloop_lag_p99_seconds")).toBe(true);
  });

  it("carries no token, password, email or session secret", async () => {
    const { text } = await scrape();
    const { token, metricsToken, admin } = bff();
    for (const secret of [token, metricsToken, admin.password, admin.email]) expect(text).not.toContain(secret);
    expect(text).not.toContain("@");
  });
});
