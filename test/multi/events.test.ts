// Live updates across instances: two app instances on one throwaway PostgreSQL, the watcher on A
// only. A page connected to B is told of a shot that A's watcher found (LISTEN/NOTIFY), and a page
// that reconnects with Last-Event-ID is sent what it missed, exactly once, then what comes next.
// An instance told to stop ends its streams first, then exits.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresAvailable, requirePostgresInCi } from "../support/postgres-cluster";
import { openEventStream, type Frame } from "./event-stream";
import { startInstallation, type Installation } from "./installation";
import { call, signIn as signInAs, until, type Instance } from "./instances";
import { trainedProduct } from "./products";

requirePostgresInCi();

const ADMIN = { email: "admin@events.test", password: "events-admin-password" };

let installation: Installation;
let a: Instance;
let b: Instance;
let productId: string;

async function makeShot(instance: Instance, cookie: string, prompt: string): Promise<string> {
  const response = await call(instance, "/api/predictions", {
    cookie,
    json: { product_id: productId, prompt, aspect_ratio: "1:1" },
  });
  if (response.status !== 201) throw new Error(`shot: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { id: string }).id;
}

const shotReady = (id: string) => (f: Frame) => f.event === "shots.ready" && f.data.prediction_id === id;

/** The id of the event that says the shot is ready, once the watcher has recorded it. */
async function recordedShotEvent(predictionId: string): Promise<number> {
  return until("the shot's event", async () => {
    const { rows } = await installation.db.query<{ id: string }>(
      "SELECT id FROM events WHERE kind = 'shots.ready' AND payload->>'prediction_id' = $1",
      [predictionId],
    );
    return rows[0] ? Number(rows[0].id) : null;
  });
}

describe.skipIf(!postgresAvailable)("live updates across two instances", () => {
  beforeAll(async () => {
    installation = await startInstallation({
      name: "events",
      admin: ADMIN,
      serviceEnv: { LOCAL_SERVICE_LORA_MS: "1000" },
    });
    // Only A watches: what B's streams are told comes from A, through the database.
    a = await installation.startInstance("a", { WATCHER: "on" });
    // B's idle streams are sent a heartbeat every second rather than every 15 s.
    b = await installation.startInstance("b", { WATCHER: "off", EVENT_HEARTBEAT_MS: "1000" });
    productId = await trainedProduct(a, await signInAs(a, ADMIN), `Live bottle ${Date.now()}`);
  }, 180_000);

  afterAll(() => installation?.stop());

  it("refuses a stream without a session before anything else", async () => {
    const response = await call(b, "/api/events");
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: "Unauthorized" });
  });

  it("an idle stream is sent a heartbeat every EVENT_HEARTBEAT_MS", async () => {
    const { stream } = await openEventStream(`${b.url}/api/events`, { cookie: await signInAs(b, ADMIN) });
    await stream.next((f) => f.event === "ready", 10_000);
    const beats = () => stream.comments.filter((c) => c === "heartbeat").length;
    await until("two heartbeats", () => beats() >= 2, 100);
    expect(beats()).toBeGreaterThanOrEqual(2);
    await stream.close();
  });

  it("a page on B is told of a shot that A's watcher found, with its images", async () => {
    const onA = await signInAs(a, ADMIN);
    const { response, stream } = await openEventStream(`${b.url}/api/events`, { cookie: await signInAs(b, ADMIN) });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(response.headers.get("x-accel-buffering")).toBe("no");
    await stream.next((f) => f.event === "ready", 10_000);
    const id = await makeShot(a, onA, `on a basalt plinth ${Date.now()}`);
    const ready = await stream.next(shotReady(id));
    expect((ready.data.prediction as { images: string[] }).images.length).toBeGreaterThan(0);
    expect(ready.data).toMatchObject({ product_id: productId, ready: true });
    await stream.close();
  });

  it("a reconnect with Last-Event-ID is sent what it missed exactly once, then what comes next", async () => {
    const onA = await signInAs(a, ADMIN);
    const onB = await signInAs(b, ADMIN);
    const first = await openEventStream(`${b.url}/api/events`, { cookie: onB });
    const ready = await first.stream.next((f) => f.event === "ready", 10_000);
    await first.stream.close();

    // Away: two shots are made and found meanwhile.
    const missed = [
      await makeShot(a, onA, `on a cork board ${Date.now()}`),
      await makeShot(a, onA, `on a felt mat ${Date.now()}`),
    ];
    const missedIds = [await recordedShotEvent(missed[0]), await recordedShotEvent(missed[1])];

    const again = await openEventStream(`${b.url}/api/events`, { cookie: onB, "last-event-id": String(ready.id) });
    const resumed = await again.stream.next((f) => f.event === "ready", 10_000);
    const replayed = again.stream.frames.slice(0, again.stream.frames.indexOf(resumed));
    // Everything since, up to where the stream resumed, that this person may see: everyone's, and their own bell's.
    const { rows } = await installation.db.query<{ id: string }>(
      `SELECT id FROM events WHERE id > $1 AND id <= $2
       AND (user_id IS NULL OR user_id = (SELECT id FROM users WHERE email = $3)) ORDER BY id`,
      [ready.id, resumed.id, ADMIN.email],
    );
    expect(rows.length).toBeGreaterThanOrEqual(missed.length);
    expect(replayed.map((f) => f.id)).toEqual(rows.map((r) => Number(r.id)));
    for (const [n, id] of missed.entries()) {
      expect(replayed.filter(shotReady(id)).map((f) => f.id)).toEqual([missedIds[n]]);
    }

    // What comes after the reconnect arrives live, once.
    const review = await call(a, `/api/predictions/${missed[0]}/reviews`, {
      cookie: onA,
      json: { image_index: 0, action: "approve" },
    });
    expect(review.status).toBe(201);
    const told = await again.stream.next((f) => f.event === "review.changed", 30_000);
    expect(told.data).toEqual({ prediction_id: missed[0], by_user_id: expect.any(String) });
    // Another event after it proves the stream went on; the review was still told only once.
    const later = await makeShot(a, onA, `on a linen runner ${Date.now()}`);
    await again.stream.next(shotReady(later));
    expect(again.stream.frames.filter((f) => f.event === "review.changed")).toHaveLength(1);
    const ids = again.stream.frames.filter((f) => f.event !== "ready").map((f) => f.id);
    expect(new Set(ids).size).toBe(ids.length);
    await again.stream.close();
  });

  it("a stream ends as soon as its instance is told to stop (SIGTERM), and the instance exits with 0 without waiting on it", async () => {
    // An instance of its own, stopped here. Its grace time outlasts this test: an instance that
    // waited for the open stream to end before exiting would not exit within it.
    const c = await installation.startInstance("c", { WATCHER: "off", SHUTDOWN_GRACE_MS: "300000" });
    const { stream } = await openEventStream(`${c.url}/api/events`, { cookie: await signInAs(c, ADMIN) });
    await stream.next((f) => f.event === "ready", 10_000);
    let ended = false;
    void stream.ended.then(() => (ended = true));
    let exitCode: number | null | undefined;
    const stopping = c.stop().then((code) => (exitCode = code));

    await until("the stream to end", () => ended, 300);
    // Ended by the shutdown while the instance still answers (draining), not by the process going away.
    expect(exitCode).toBeUndefined();
    const ready = await call(c, "/api/ready");
    expect(ready.status).toBe(503);
    await until("the instance to exit", () => exitCode !== undefined, 300);
    expect(exitCode).toBe(0);
    await stopping;
  }, 120_000);
});
