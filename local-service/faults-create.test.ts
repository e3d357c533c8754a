// Faults around the prediction create that a campaign engine must survive, against a real running
// instance over HTTP: a create limit answered with bare 429s, late answers and dropped connections
// after the prediction was made, and the control API's list of what was made.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import path from "node:path";
import { rm } from "node:fs/promises";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  call,
  createPrediction,
  createProduct,
  createReadyProduct,
  FULL,
  FULL_2,
  makeDataDir,
  type Reply,
  startTestService,
  type TestService,
  waitFor,
} from "./test-support";
import type { LocalService } from "./server";

let svc: TestService;
let product: string;
beforeAll(async () => {
  // Predictions stay processing for the whole file: nothing here is about images, so none are drawn.
  svc = await startTestService({ predictionMs: 600_000 });
  product = await createReadyProduct(svc);
});
afterEach(async () => {
  await control("DELETE", "/faults");
  await control("DELETE", "/create-limit");
});
afterAll(() => svc.dispose());

const control = (method: string, route: string, json?: unknown) => call(method, `${svc.controlUrl}${route}`, { json });
const CREATE = "POST /api/v1/prediction/";
const LIMIT_BODY = { error: "Too Many Requests", message: "Rate limit exceeded. Please retry later." };

function createWith(prompt: string, options: { token?: string; signal?: AbortSignal } = {}): Promise<Reply> {
  const form = new FormData();
  form.set("product_id", product);
  form.set("prompt", prompt);
  form.set("aspect_ratio", "4:5");
  return call("POST", `${svc.baseUrl}/prediction/`, { form, ...options });
}

interface Made {
  id: string;
  product_id: string;
  prompt: string;
  aspect_ratio: string;
  created_at: string;
  finished_at: string | null;
}

async function made(prompt?: string): Promise<Made[]> {
  const { body } = await control("GET", "/predictions/made");
  return (body.predictions as Made[]).filter((p) => prompt === undefined || p.prompt === prompt);
}

async function listed(prompt: string): Promise<{ id: string }[]> {
  const { body } = await call("GET", `${svc.baseUrl}/prediction/`);
  return (body as { id: string; prompt: string }[]).filter((p) => p.prompt === prompt);
}

/** Why a fetch failed: undici puts the socket's error in `cause`. */
async function failure(promise: Promise<unknown>): Promise<string> {
  const error = (await promise.then(
    () => null,
    (err: unknown) => err,
  )) as (Error & { cause?: Error & { code?: string } }) | null;
  expect(error, "the request should have failed").not.toBeNull();
  return [error?.name, error?.message, error?.cause?.name, error?.cause?.code, error?.cause?.message]
    .filter(Boolean)
    .join(" ");
}

describe("create limit", () => {
  it("3 per 1000 ms: 5 quick creates → 3 × 201 and 2 bare 429s; counts 3/2; creates pass again after the window", async () => {
    const set = await control("POST", "/create-limit", { limit: 3, windowMs: 1000 });
    expect(set.body).toEqual({ ok: true, limit: 3, windowMs: 1000 });
    const replies: Reply[] = [];
    for (let i = 0; i < 5; i++) replies.push(await createWith("limited burst"));
    expect(replies.map((r) => r.status)).toEqual([201, 201, 201, 429, 429]);
    for (const refused of replies.slice(3)) {
      expect(refused.body).toEqual(LIMIT_BODY);
      expect(refused.headers.get("retry-after")).toBeNull();
      expect(refused.headers.get("content-type")).toContain("application/json");
    }
    expect(await made("limited burst")).toHaveLength(3); // nothing made for a refusal
    expect((await control("GET", "/create-limit")).body).toEqual({ limit: 3, windowMs: 1000, accepted: 3, refused: 2 });

    // The window's passing, waited for by polling the create itself.
    const passed = await waitFor(async () => {
      const reply = await createWith("after the window");
      return reply.status === 201 ? reply : undefined;
    }, 5_000);
    expect(passed.body.status).toBe("processing");
    const counts = (await control("GET", "/create-limit")).body;
    expect(counts.accepted).toBe(4);
    expect(counts.refused).toBeGreaterThanOrEqual(2);
    expect(await made("after the window")).toHaveLength(1);
  });

  it("counts per account: another token's creates are not refused", async () => {
    await control("POST", "/create-limit", { limit: 1, windowMs: 60_000 });
    expect((await createWith("account one")).status).toBe(201);
    expect((await createWith("account one")).status).toBe(429);
    expect((await createWith("account two", { token: FULL_2 })).status).toBe(201);
    expect((await createWith("account two", { token: FULL_2 })).status).toBe(429);
    expect((await control("GET", "/create-limit")).body).toEqual({
      limit: 1,
      windowMs: 60_000,
      accepted: 2,
      refused: 2,
    });
  });

  it("refuses before validation, like a gateway; DELETE removes the limit and its counts", async () => {
    await control("POST", "/create-limit", { limit: 0, windowMs: 60_000 });
    const invalid = await call("POST", `${svc.baseUrl}/prediction/`, { form: new FormData() });
    expect(invalid.status).toBe(429);
    expect(invalid.body).toEqual(LIMIT_BODY);
    expect((await control("DELETE", "/create-limit")).body).toEqual({ ok: true });
    expect((await control("GET", "/create-limit")).body).toEqual({
      limit: null,
      windowMs: null,
      accepted: 0,
      refused: 0,
    });
    for (let i = 0; i < 5; i++) expect((await createWith("no limit")).status).toBe(201);
  });

  it("rejects a bad body with 400", async () => {
    expect((await control("POST", "/create-limit", { limit: -1, windowMs: 1000 })).status).toBe(400);
    expect((await control("POST", "/create-limit", { limit: 3 })).status).toBe(400);
    expect((await control("POST", "/create-limit", { limit: 3, windowMs: 0 })).status).toBe(400);
  });

  it("is set at start-up from LOCAL_SERVICE_CREATE_LIMIT and LOCAL_SERVICE_CREATE_WINDOW_MS", async () => {
    const dataDir = await makeDataDir();
    const child = spawn(process.execPath, ["--import", "tsx", "local-service/main.ts"], {
      cwd: path.resolve(__dirname, ".."),
      env: {
        ...process.env,
        LOCAL_SERVICE_DATA_DIR: dataDir,
        LOCAL_SERVICE_PORT: "0",
        LOCAL_SERVICE_ASSET_PORT: "0",
        LOCAL_SERVICE_TOKEN: FULL,
        LOCAL_SERVICE_LORA_MS: "100",
        LOCAL_SERVICE_PREDICTION_MS: "600000",
        LOCAL_SERVICE_CREATE_LIMIT: "1",
        LOCAL_SERVICE_CREATE_WINDOW_MS: "60000",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const exited = new Promise((resolve) => child.once("exit", resolve));
    try {
      child.stderr.resume();
      // The ready line (main.ts prints exactly one line of JSON on stdout).
      const ready = await new Promise<{ baseUrl: string; controlUrl: string }>((resolve, reject) => {
        createInterface({ input: child.stdout }).once("line", (text) => resolve(JSON.parse(text)));
        child.once("exit", (code) => reject(new Error(`main.ts exited with ${code}`)));
      });
      expect((await call("GET", `${ready.controlUrl}/create-limit`)).body).toEqual({
        limit: 1,
        windowMs: 60_000,
        accepted: 0,
        refused: 0,
      });
      const started = { baseUrl: ready.baseUrl } as LocalService;
      const id = await createProduct(started, "1");
      await call("POST", `${ready.controlUrl}/lora/${id}/finish`);
      expect((await createPrediction(started, id, "from the environment")).status).toBe(201);
      expect((await createPrediction(started, id, "from the environment")).status).toBe(429);
    } finally {
      child.kill("SIGTERM");
      await exited;
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe("late answers", () => {
  it("the prediction is made at once; a client with a shorter timeout gives up although it exists", async () => {
    const set = await control("POST", "/faults", { match: CREATE, kind: "late", delayMs: 1500 });
    expect(set.body).toMatchObject({ kind: "late", delayMs: 1500, count: 1 });
    const reason = await failure(createWith("late shot", { signal: AbortSignal.timeout(300) }));
    expect(reason).toMatch(/timeout|abort/i);
    const [shot] = await made("late shot");
    expect(shot).toMatchObject({ product_id: product, prompt: "late shot", aspect_ratio: "4:5" });
    expect((await listed("late shot")).map((p) => p.id)).toEqual([shot.id]);
    expect((await call("GET", `${svc.baseUrl}/prediction/${shot.id}`)).status).toBe(200);

    // When the held answer's time comes, the client is gone: the service neither crashes nor writes.
    const heldUntil = Date.now() + 1500;
    await waitFor(async () => Date.now() > heldUntil + 100, 5_000);
    expect((await createWith("after a late one")).status).toBe(201); // count 1: used up
    expect(svc.logs.filter((line) => line.startsWith("unhandled") || line.startsWith("error"))).toEqual([]);
  });

  it("a client that waits gets the 201 after delayMs, for a prediction listed before the answer", async () => {
    await control("POST", "/faults", { match: CREATE, kind: "late", delayMs: 600 });
    const started = performance.now();
    let answered = false;
    const pending = createWith("patient client").finally(() => (answered = true));
    const [shot] = await waitFor(async () => {
      const found = await made("patient client");
      return found.length > 0 ? found : undefined;
    });
    expect(answered).toBe(false);
    const reply = await pending;
    expect(performance.now() - started).toBeGreaterThanOrEqual(590);
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ id: shot.id, status: "processing", images: [] });
  });

  it("the default delayMs is 20000", async () => {
    expect((await control("POST", "/faults", { match: CREATE, kind: "late" })).body).toMatchObject({
      kind: "late",
      delayMs: 20_000,
    });
  });
});

describe("dropped connections", () => {
  it("the prediction is made, then the connection closes without an answer; `count` applies", async () => {
    await control("POST", "/faults", { match: CREATE, kind: "drop", count: 2 });
    for (let i = 0; i < 2; i++) {
      expect(await failure(createWith("dropped shot"))).toMatch(
        /other side closed|ECONNRESET|socket hang up|UND_ERR_SOCKET/i,
      );
    }
    const shots = await made("dropped shot");
    expect(shots).toHaveLength(2);
    expect((await listed("dropped shot")).map((p) => p.id).sort()).toEqual(shots.map((p) => p.id).sort());
    expect((await createWith("after the drops")).status).toBe(201);
  });
});

describe("late and drop act only on a create that succeeds", () => {
  it.each(["late", "drop"] as const)(
    "%s: a create refused by validation or by the limit answers normally and keeps the fault",
    async (kind) => {
      const prompt = `only on success: ${kind}`;
      await control("POST", "/faults", { match: CREATE, kind, delayMs: 1500 });
      const quick = { signal: AbortSignal.timeout(1000) };
      const invalid = await call("POST", `${svc.baseUrl}/prediction/`, { form: new FormData(), ...quick });
      expect(invalid.body).toEqual({ error: "Bad Request", message: "product_id is required" });
      await control("POST", "/create-limit", { limit: 0, windowMs: 60_000 });
      expect((await createWith(prompt, quick)).status).toBe(429);
      await control("DELETE", "/create-limit");
      expect(await made(prompt)).toEqual([]);

      await failure(createWith(prompt, { signal: AbortSignal.timeout(300) })); // the fault is still there
      expect(await made(prompt)).toHaveLength(1);
      expect((await createWith(prompt, quick)).status).toBe(201);
    },
  );

  it("a request fault comes first and leaves an answer fault for the next request", async () => {
    await control("POST", "/faults", { match: CREATE, kind: "html503" });
    await control("POST", "/faults", { match: CREATE, kind: "drop" });
    const refused = await createWith("after a 503");
    expect(refused.status).toBe(503);
    expect(await made("after a 503")).toEqual([]);
    await failure(createWith("after a 503"));
    expect(await made("after a 503")).toHaveLength(1);
    expect((await createWith("after a 503")).status).toBe(201);
  });
});

describe("predictions made", () => {
  it("lists creates oldest first with their fields, a shot made twice twice, and no seeded predictions", async () => {
    const first = await createPrediction(svc, product, "made twice", "16:9");
    const second = await createPrediction(svc, product, "made twice", "16:9");
    const before = await made();
    const twice = before.filter((p) => p.prompt === "made twice");
    expect(twice.map((p) => p.id)).toEqual([first.body.id, second.body.id]);
    expect(Object.keys(twice[0]).sort()).toEqual([
      "aspect_ratio",
      "created_at",
      "finished_at",
      "id",
      "product_id",
      "prompt",
    ]);
    // Its images are still being made: when they are written, `finished_at` says when.
    expect(twice[0].finished_at).toBeNull();
    expect(twice[0]).toMatchObject({ product_id: product, aspect_ratio: "16:9" });
    expect(Date.parse(twice[0].created_at)).toBeLessThanOrEqual(Date.parse(twice[1].created_at));
    const times = before.map((p) => Date.parse(p.created_at));
    expect(times).toEqual([...times].sort((a, b) => a - b));

    const listedBefore = (await call("GET", `${svc.baseUrl}/prediction/`)).body.length;
    expect((await control("POST", "/seed", { count: 20 })).body.added).toBe(20);
    expect((await call("GET", `${svc.baseUrl}/prediction/`)).body.length).toBe(listedBefore + 20);
    // The same creates, whatever has finished meanwhile.
    const withoutFinish = (list: Made[]) => list.map((p) => ({ ...p, finished_at: undefined }));
    expect(withoutFinish(await made())).toEqual(withoutFinish(before));
  });
});
