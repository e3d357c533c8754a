import { afterAll, describe, expect, it } from "vitest";
import { toResponse } from "@/lib/api/respond";
import { createUser } from "@/lib/auth/users";
import { testDatabase } from "@/lib/db/testing";
import type { SessionUser } from "@/lib/types";
import { stopLiveEvents, subscriberCount } from "./hub";
import { readFrames, type Frame } from "./testing/frames";
import { pruneEvents, publishEvent } from "./publish";
import { openEventStream, REPLAY_AT_MOST } from "./stream";

// The event stream over the embedded database: the process wakes its own streams. What a person
// is sent, what a reconnect replays (once), when it is told to reload instead, the caps, and the
// heartbeat of an idle stream.

const t = testDatabase();
const SETTINGS = { perPerson: 3, perInstance: 100, heartbeatMs: 15_000 };

/** A stream as a browser reads it: frames parsed as they arrive. */
function reader(response: Response) {
  const frames: Frame[] = [];
  const comments: string[] = [];
  const read = readFrames(
    response.body,
    (frame) => frames.push(frame),
    (comment) => comments.push(comment),
  );
  return {
    frames,
    comments,
    /** Waits until `count` frames of other kinds than `ready` have come. */
    async until(count: number) {
      for (let i = 0; i < 200 && frames.filter((f) => f.event !== "ready").length < count; i++)
        await new Promise((r) => setTimeout(r, 10));
      return frames.filter((f) => f.event !== "ready");
    },
    close: async () => {
      await read.cancel();
    },
  };
}

async function person(email: string): Promise<SessionUser> {
  const user = await createUser({ email, password: "long-enough-password", role: "reviewer" });
  return { id: user.id, email, role: "reviewer" };
}

const shot = (n: number) =>
  ({ kind: "shots.ready", prediction_id: `p${n}`, product_id: "1", campaign_id: null, ready: true }) as const;

describe("the live-update stream", () => {
  afterAll(() => stopLiveEvents());

  it("sends a person what everyone may see and their own events, never another person's", async () => {
    const ana = await person("ana@events.test");
    const ben = await person("ben@events.test");
    const aborts = new AbortController();
    const response = await openEventStream(t.db, ana, null, aborts.signal, SETTINGS);
    expect(response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("no-cache, no-transform");
    expect(response.headers.get("x-accel-buffering")).toBe("no");
    const stream = reader(response);
    await publishEvent(t.db, { kind: "notification" }, { userId: ben.id });
    await publishEvent(t.db, shot(1));
    await publishEvent(t.db, { kind: "notification" }, { userId: ana.id });
    const got = await stream.until(2);
    expect(got.map((f) => [f.event, f.data])).toEqual([
      ["shots.ready", { prediction_id: "p1", product_id: "1", campaign_id: null, ready: true }],
      ["notification", {}],
    ]);
    expect(stream.frames[0].event).toBe("ready");
    aborts.abort();
    await stream.close();
  });

  it("a reconnect with Last-Event-ID is sent what it missed, once, then what comes next", async () => {
    const cy = await person("cy@events.test");
    const first = reader(await openEventStream(t.db, cy, null, new AbortController().signal, SETTINGS));
    await publishEvent(t.db, shot(2));
    const [seen] = await first.until(1);
    await first.close();
    // Missed while away: two shots and a review.
    await publishEvent(t.db, shot(3));
    await publishEvent(t.db, { kind: "review.changed", prediction_id: "p3", by_user_id: null });
    await publishEvent(t.db, shot(4));
    const again = reader(await openEventStream(t.db, cy, seen.id, new AbortController().signal, SETTINGS));
    await publishEvent(t.db, shot(5));
    const got = await again.until(4);
    await new Promise((r) => setTimeout(r, 100));
    expect(again.frames.filter((f) => f.event !== "ready").map((f) => f.data.prediction_id)).toEqual([
      "p3",
      "p3",
      "p4",
      "p5",
    ]);
    expect(got.map((f) => f.event)).toEqual(["shots.ready", "review.changed", "shots.ready", "shots.ready"]);
    const ids = got.map((f) => f.id!);
    expect(new Set(ids).size).toBe(4);
    expect(ids.every((id) => id > seen.id!)).toBe(true);
    await again.close();
  });

  it("tells a reconnect that missed more than it replays, or what was pruned, to reload", async () => {
    const di = await person("di@events.test");
    const [{ id: newest }] = await t.db.query<{ id: string }>("SELECT max(id) AS id FROM events");
    for (let n = 0; n <= REPLAY_AT_MOST; n++) await publishEvent(t.db, shot(100 + n));
    const tooMuch = reader(await openEventStream(t.db, di, Number(newest), new AbortController().signal, SETTINGS));
    await new Promise((r) => setTimeout(r, 100));
    expect(tooMuch.frames.map((f) => f.event)).toEqual(["reload", "ready"]);
    await tooMuch.close();

    await pruneEvents(t.db, new Date(), 5);
    const pruned = reader(await openEventStream(t.db, di, Number(newest), new AbortController().signal, SETTINGS));
    await new Promise((r) => setTimeout(r, 100));
    expect(pruned.frames.map((f) => f.event)).toEqual(["reload", "ready"]);
    await pruned.close();
  });

  it("refuses a person's stream past the cap with a 429 that says why", async () => {
    const ed = await person("ed@events.test");
    const open = [];
    for (let n = 0; n < SETTINGS.perPerson; n++)
      open.push(reader(await openEventStream(t.db, ed, null, new AbortController().signal, SETTINGS)));
    await expect(openEventStream(t.db, ed, null, new AbortController().signal, SETTINGS)).rejects.toMatchObject({
      status: 429,
      message: expect.stringContaining("3 pages open"),
    });
    // A closed stream makes room again.
    await open.pop()!.close();
    const another = reader(await openEventStream(t.db, ed, null, new AbortController().signal, SETTINGS));
    for (const stream of [...open, another]) await stream.close();
  });

  it("refuses a stream past the instance's cap with a 429 that says why, and a closed stream makes room", async () => {
    const [gil, hal, ida] = [
      await person("gil@events.test"),
      await person("hal@events.test"),
      await person("ida@events.test"),
    ];
    // Room for two more than are open: each person holds one, far below their own cap.
    const limits = { ...SETTINGS, perInstance: subscriberCount() + 2 };
    const open = [
      reader(await openEventStream(t.db, gil, null, new AbortController().signal, limits)),
      reader(await openEventStream(t.db, hal, null, new AbortController().signal, limits)),
    ];
    const refused = await openEventStream(t.db, ida, null, new AbortController().signal, limits).catch(toResponse);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("30");
    expect(await refused.json()).toEqual({
      error: "too_many_streams",
      message: "This server has as many live pages open as it can hold. Please try again shortly.",
    });
    // A closed stream makes room again.
    await open.pop()!.close();
    const another = await openEventStream(t.db, ida, null, new AbortController().signal, limits);
    expect(another.status).toBe(200);
    for (const stream of [...open, reader(another)]) await stream.close();
  });

  it("sends an idle stream a heartbeat comment every heartbeatMs, and nothing else", async () => {
    const jo = await person("jo@events.test");
    const stream = reader(
      await openEventStream(t.db, jo, null, new AbortController().signal, { ...SETTINGS, heartbeatMs: 50 }),
    );
    const beats = () => stream.comments.filter((c) => c === "heartbeat").length;
    for (let i = 0; i < 200 && beats() < 3; i++) await new Promise((r) => setTimeout(r, 10));
    expect(beats()).toBeGreaterThanOrEqual(3);
    expect(stream.frames.map((f) => f.event)).toEqual(["ready"]);
    await stream.close();
  });

  it("ends every stream when the instance shuts down", async () => {
    const fay = await person("fay@events.test");
    const response = await openEventStream(t.db, fay, null, new AbortController().signal, SETTINGS);
    const body = response.body!.getReader();
    await stopLiveEvents();
    let done = false;
    for (let i = 0; i < 10 && !done; i++) done = (await body.read()).done;
    expect(done).toBe(true);
  });
});
