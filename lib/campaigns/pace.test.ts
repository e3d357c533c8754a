import { describe, expect, it } from "vitest";
import {
  boundedPace,
  initialPace,
  onCreated,
  onSend,
  onThrottled,
  waitBeforeSend,
  type PaceConfig,
  type PaceState,
} from "./pace";

// The pacer against services that allow `limit` creates per `windowMs` and answer the rest with
// bare 429s, on a simulated clock: how many 429s per 100 creates, and how long against the time
// the window allows at best (everything it allows sent the moment it allows it).

type Limiter = (t: number) => boolean;

const fixedWindow = (limit: number, windowMs: number): Limiter => {
  let window = -1;
  let used = 0;
  return (t) => {
    const w = Math.floor(t / windowMs);
    if (w !== window) [window, used] = [w, 0];
    return used < limit ? (used++, true) : false;
  };
};

const slidingWindow = (limit: number, windowMs: number): Limiter => {
  const log: number[] = [];
  return (t) => {
    while (log.length && log[0] <= t - windowMs) log.shift();
    return log.length < limit ? (log.push(t), true) : false;
  };
};

const CONFIG: PaceConfig = { maxRate: 5, maxInFlight: 4 };

function seeded(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 16807) % 2147483647) / 2147483647;
}

/** Sends `shots` creates one after another (each answered in 50 ms) as the pacer allows. */
function run(shots: number, allows: Limiter, start: PaceState, random: () => number) {
  let state = start;
  let t = 0;
  let made = 0;
  let refused = 0;
  while (made < shots) {
    t += waitBeforeSend(state, t, 0);
    state = onSend(state, t);
    t += 50;
    if (allows(t)) {
      made++;
      state = onCreated(state, t, CONFIG);
    } else {
      refused++;
      state = onThrottled(state, t, random());
    }
  }
  return { t, refusedPer100: (100 * refused) / (made + refused), state };
}

const ideal = (shots: number, limit: number, windowMs: number) => (Math.ceil(shots / limit) - 1) * windowMs + 50;

describe("the pace of creates", () => {
  const cases = [
    [3, 10_000],
    [3, 2_000],
    [10, 10_000],
    [10, 60_000],
    [2, 1_000],
  ] as const;
  for (const [limit, windowMs] of cases) {
    for (const [kind, make] of [
      ["fixed", fixedWindow],
      ["sliding", slidingWindow],
    ] as const) {
      it(`360 shots against ${limit} per ${windowMs / 1000} s (${kind} window): ≤ 15 429s per 100 and ≤ 1.25× the ideal time`, () => {
        const first = run(360, make(limit, windowMs), initialPace(CONFIG), seeded(7));
        expect(first.refusedPer100).toBeLessThanOrEqual(15);
        expect(first.t / ideal(360, limit, windowMs)).toBeLessThanOrEqual(1.25);
        // The learned pace is kept: the next campaign starts from it.
        const again = run(
          36,
          make(limit, windowMs),
          { ...first.state, nextSendAt: 0, blockedUntil: 0, runOk: 0 },
          seeded(9),
        );
        expect(again.refusedPer100).toBeLessThanOrEqual(15);
      });
    }
  }

  it("honours Retry-After and doubles the wait of 429s in a row without one", () => {
    let state = initialPace(CONFIG);
    state = onThrottled(state, 1_000, 0.5, 7_000);
    expect(waitBeforeSend(state, 1_000, 0)).toBe(7_000);
    const waits = [1, 2, 3, 4].map(() => {
      state = onThrottled(state, 0, 1);
      return state.blockedUntil;
    });
    expect(waits.every((w, i) => i === 0 || w === waits[i - 1] * 2 || w === 120_000)).toBe(true);
    expect(state.waitReason).toMatch(/slow down/);
  });

  it("a pause between campaigns is not taken for the service's pace", () => {
    let state = initialPace(CONFIG);
    let t = 0;
    for (let i = 0; i < 10; i++, t += 500) state = onCreated(onSend(state, t), t + 50, CONFIG);
    t += 600_000; // ten minutes with nothing to send
    state = onCreated(onSend(state, t), t + 50, CONFIG);
    state = onThrottled(onSend(state, t + 500), t + 550, 0.5);
    t = state.blockedUntil;
    state = onCreated(onSend(state, t), t + 50, CONFIG);
    // Measured over the run since the pause (1 create until the service allowed the next, about
    // 1.3 s later), not over the eleven minutes since the first run began (0.02 per second).
    expect(state.rate).toBeGreaterThan(0.5);
  });

  it("keeps its rate when the sender wakes late, and starts afresh after a pause", () => {
    // 2 per second, each turn woken 150 ms after the moment the pace gave (a busy machine).
    let state: PaceState = { ...initialPace(CONFIG), rate: 2 };
    let t = 0;
    for (let i = 0; i < 100; i++) {
      t += waitBeforeSend(state, t, 0) + 150;
      state = onSend(state, t);
    }
    // 99 intervals of 500 ms and the last turn's lateness: the lag is made up, not added 100 times.
    expect(t).toBe(99 * 500 + 150);
    // Ten seconds with nothing to send: the next two go one interval apart, not at once.
    t += 10_000;
    state = onSend(state, t);
    expect(waitBeforeSend(state, t, 0)).toBe(500);
  });

  it("never sends faster, nor more at once, than configured", () => {
    let state = initialPace(CONFIG);
    for (let i = 0; i < 1_000; i++) state = onCreated(onSend(state, i * 10), i * 10, CONFIG);
    expect(state.rate).toBe(CONFIG.maxRate);
    expect(state.inFlightLimit).toBe(CONFIG.maxInFlight);
    expect(waitBeforeSend(state, 0, CONFIG.maxInFlight)).toBeGreaterThan(0);
    // A state kept under an older, larger configuration is brought within today's.
    expect(boundedPace({ ...state, rate: 50, inFlightLimit: 40 }, { maxRate: 1, maxInFlight: 2 })).toMatchObject({
      rate: 1,
      inFlightLimit: 2,
    });
  });
});
