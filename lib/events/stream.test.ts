import { afterAll, describe, expect, it } from "vitest";
import { createUser } from "@/lib/auth/users";
import { testDatabase } from "@/lib/db/testing";
import type { SessionUser } from "@/lib/types";
import { stopLiveEvents } from "./hub";
import { readFrames, type Frame } from "./testing/frames";
import { pruneEvents, publishEvent } from "./publish";
import { openEventStream, REPLAY_AT_MOST } from "./stream";

// The event stream over the embedded database: the process wakes its own streams. What a person
// is sent, what a reconnect replays (once), when it is told to reload instead, and the caps.

const t = testDatabase();
const LIMITS = { perPerson: 3, perInstance: 100 };

/** A stream as a browser reads it: frames parsed as they arrive. */
function reader(response: Response) {
  const frames: Frame[] = [];
  const read = readFrames(response.body, (frame) => frames.push(frame));
  return {
    frames,
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
    const response = await openEventStream(t.db, ana, null, aborts.signal, LIMITS);
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
    const first = reader(await openEventStream(t.db, cy, null, new AbortController().signal, LIMITS));
    await publishEvent(t.db, shot(2));
    const [seen] = await first.until(1);
    await first.close();
    // Missed while away: two shots and a review.
    await publishEvent(t.db, shot(3));
    await publishEvent(t.db, { kind: "review.changed", prediction_id: "p3", by_user_id: null });
    await publishEvent(t.db, shot(4));
    const again = reader(await openEventStream(t.db, cy, seen.id, new AbortController().signal, LIMITS));
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
    const tooMuch = reader(await openEventStream(t.db, di, Number(newest), new AbortController().signal, LIMITS));
    await new Promise((r) => setTimeout(r, 100));
    expect(tooMuch.frames.map((f) => f.event)).toEqual(["reload", "ready"]);
    await tooMuch.close();

    await pruneEvents(t.db, new Date(), 5);
    const pruned = reader(await openEventStream(t.db, di, Number(newest), new AbortController().signal, LIMITS));
    await new Promise((r) => setTimeout(r, 100));
    expect(pruned.frames.map((f) => f.event)).toEqual(["reload", "ready"]);
    await pruned.close();
  });

  it("refuses a person's stream past the cap with a 429 that says why", async () => {
    const ed = await person("ed@events.test");
    const open = [];
    for (let n = 0; n < LIMITS.perPerson; n++)
      open.push(reader(await openEventStream(t.db, ed, null, new AbortController().signal, LIMITS)));
    await expect(openEventStream(t.db, ed, null, new AbortController().signal, LIMITS)).rejects.toMatchObject({
      status: 429,
      message: expect.stringContaining("3 pages open"),
    });
    // A closed stream makes room again.
    await open.pop()!.close();
    const another = reader(await openEventStream(t.db, ed, null, new AbortController().signal, LIMITS));
    for (const stream of [...open, another]) await stream.close();
  });

  it("ends every stream when the instance shuts down", async () => {
    const fay = await person("fay@events.test");
    const response = await openEventStream(t.db, fay, null, new AbortController().signal, LIMITS);
    const body = response.body!.getReader();
    await stopLiveEvents();
    let done = false;
    for (let i = 0; i < 10 && !done; i++) done = (await body.read()).done;
    expect(done).toBe(true);
  });
});
