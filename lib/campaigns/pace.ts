// The pace of prediction creates: how fast, and how many at once, the app may send to the
// service. The interface says rate limits may exist, shows no numbers, and asks for exponential
// backoff on 429; a bare 429 (no Retry-After) says only "too fast". So the pace is learned:
//
// - sends are spaced evenly at `rate` creates per second (a token schedule, `nextSendAt`);
// - each create that succeeds raises the rate by ALPHA (1 %), never above the configured maximum;
// - a 429 means nothing was made: the rate drops by BETA (10 %) and sending stops for a backoff
//   that doubles with each 429 in a row, with jitter (or for the Retry-After the service gave);
// - the first success after bare 429s sets the rate to what the last run of successes actually
//   achieved up to its 429, which is what the service's window allowed;
// - a sender that wakes late makes up the lateness (up to one interval) on the next send;
// - creates in flight are capped (AIMD): halved on a 429, raised by 1/limit per success, never
//   above the configured maximum.
//
// Tuned in pace.test.ts against fixed and sliding windows of several sizes: ≤ 15 429s per 100
// creates and within 1.25× the time the window allows. Pure: the caller gives the clock and the
// random numbers, and keeps the state (one row in the database, shared by every instance).

export interface PaceConfig {
  /** Creates per second at most, however well the service answers. */
  maxRate: number;
  /** Creates under way at once at most. */
  maxInFlight: number;
}

export interface PaceState {
  /** Creates per second currently allowed. */
  rate: number;
  /** Creates under way at once currently allowed (fractional: it grows by small steps). */
  inFlightLimit: number;
  /** No send before this (ms since the epoch): the even spacing of sends. */
  nextSendAt: number;
  /** No send before this either: a backoff after 429s or an unreachable service. */
  blockedUntil: number;
  /** 429s (or failures to reach the service) in a row. */
  throttles: number;
  /** The last send (a pause between sends ends the current run of successes). */
  lastSendAt: number;
  /** The current run of successes: when it began and how many. */
  runStartedAt: number;
  runOk: number;
  /** The run that the last 429 ended: when it began, how many it made, when the 429 came and the send interval then. */
  lastRunStartedAt: number;
  lastRunOk: number;
  lastRunEndedAt: number;
  lastRunIntervalMs: number;
  /** The last 429 said how long to wait (Retry-After): the service keeps its own count, the app need not guess it. */
  toldWhen: boolean;
  /** Why sending waits, in words, while it does (null when it does not). */
  waitReason: string | null;
}

const ALPHA = 0.01;
const BETA = 0.9;
const MIN_RATE = 0.01;
const BASE_BACKOFF_MS = 1_000;
const MAX_BACKOFF_MS = 120_000;
const START_RATE = 2;
/** Sends skipped in a row that count as a pause rather than a run. */
const IDLE_AFTER_SENDS = 2;

export function initialPace(config: PaceConfig): PaceState {
  return {
    rate: Math.min(START_RATE, config.maxRate),
    inFlightLimit: config.maxInFlight,
    nextSendAt: 0,
    blockedUntil: 0,
    throttles: 0,
    lastSendAt: 0,
    runStartedAt: 0,
    runOk: 0,
    lastRunStartedAt: 0,
    lastRunOk: 0,
    lastRunEndedAt: 0,
    lastRunIntervalMs: 0,
    toldWhen: false,
    waitReason: null,
  };
}

/** A state read back from storage, with the configuration's current bounds applied. */
export function boundedPace(stored: Partial<PaceState> | null, config: PaceConfig): PaceState {
  const base = { ...initialPace(config), ...(stored ?? {}) };
  return {
    ...base,
    rate: clamp(Number(base.rate) || START_RATE, MIN_RATE, config.maxRate),
    inFlightLimit: clamp(Number(base.inFlightLimit) || 1, 1, config.maxInFlight),
  };
}

/** 0 when a create may be sent now; otherwise how long to wait (ms). */
export function waitBeforeSend(state: PaceState, now: number, inFlight: number): number {
  if (inFlight >= Math.floor(state.inFlightLimit)) return Math.max(250, 1000 / state.rate);
  return Math.max(0, state.blockedUntil - now, state.nextSendAt - now);
}

/** A create is being sent now. */
export function onSend(state: PaceState, now: number): PaceState {
  const interval = 1000 / state.rate;
  // After a pause (nothing to send), what the next run achieves is measured from its own start.
  const idle = now - state.lastSendAt > IDLE_AFTER_SENDS * interval + 1_000;
  // A sender that wakes a little late (a busy event loop, a slow claim) keeps the schedule: the
  // lateness, up to one interval, is made up by the next send, so the rate is the rate and not
  // the rate plus the machine's lag. Later than that is a pause, and the schedule starts again.
  const late = now - state.nextSendAt;
  return {
    ...state,
    nextSendAt: (late >= 0 && late <= interval ? state.nextSendAt : Math.max(now, state.nextSendAt)) + interval,
    lastSendAt: now,
    ...(idle && state.throttles === 0 ? { runOk: 0 } : {}),
  };
}

/** The service created it. */
export function onCreated(state: PaceState, now: number, config: PaceConfig): PaceState {
  let rate = Math.min(config.maxRate, state.rate * (1 + ALPHA));
  let { nextSendAt } = state;
  if (state.throttles > 0 && state.lastRunOk > 0 && !state.toldWhen) {
    // What the last run achieved: its creates over its time, from its first create to the 429
    // and the one send interval the refused create would have taken. (Measured up to this
    // success instead, the backoff's random length would be counted as the service's window.)
    const runMs = state.lastRunEndedAt - state.lastRunStartedAt + state.lastRunIntervalMs;
    const achieved = (state.lastRunOk * 1000) / Math.max(1, runMs);
    // At most halved by it: a run slowed by something else (an answer late in coming) is not
    // taken for the service's window.
    rate = clamp(Math.min(state.rate, Math.max(achieved, state.rate / 2)), MIN_RATE, config.maxRate);
    nextSendAt = now + 1000 / rate;
  }
  const runFresh = state.runOk === 0;
  return {
    ...state,
    rate,
    nextSendAt,
    inFlightLimit: Math.min(config.maxInFlight, state.inFlightLimit + 1 / state.inFlightLimit),
    throttles: 0,
    runStartedAt: runFresh ? now : state.runStartedAt,
    runOk: state.runOk + 1,
    // A create answered while a backoff runs (sent before the 429) does not end the backoff.
    waitReason: state.blockedUntil > now ? state.waitReason : null,
  };
}

/** A 429: nothing was made. `retryAfterMs` when the service said how long to wait. */
export function onThrottled(state: PaceState, now: number, random: number, retryAfterMs?: number): PaceState {
  const throttles = state.throttles + 1;
  const rate = Math.max(MIN_RATE, state.rate * BETA);
  const wait = retryAfterMs ?? backoff(throttles, rate, random);
  return {
    ...state,
    rate,
    throttles,
    inFlightLimit: Math.max(1, state.inFlightLimit / 2),
    blockedUntil: now + wait,
    nextSendAt: now + wait,
    lastRunStartedAt: state.throttles === 0 ? state.runStartedAt : state.lastRunStartedAt,
    lastRunOk: state.throttles === 0 ? state.runOk : state.lastRunOk,
    lastRunEndedAt: state.throttles === 0 ? now : state.lastRunEndedAt,
    lastRunIntervalMs: state.throttles === 0 ? 1000 / state.rate : state.lastRunIntervalMs,
    runOk: 0,
    toldWhen: retryAfterMs !== undefined,
    waitReason: "The image service asked the app to slow down (HTTP 429); sending again shortly.",
  };
}

/**
 * The service could not be reached, refused the app's token, or failed: wait with the same
 * backoff, but the rate it allows is not in question.
 */
export function onTrouble(state: PaceState, now: number, random: number, reason: string): PaceState {
  const throttles = state.throttles + 1;
  const wait = backoff(throttles, state.rate, random);
  return { ...state, throttles, blockedUntil: now + wait, nextSendAt: now + wait, waitReason: reason };
}

/**
 * A create went unanswered (timeout, connection dropped). It no longer counts as in flight; the
 * pace stands: only a 429 says the service wants fewer (an answer lost on the way says nothing).
 */
export function onUnanswered(state: PaceState): PaceState {
  return state;
}

/** Exponential in the 429s in a row, from one send interval (at least a second), with equal jitter. */
function backoff(throttles: number, rate: number, random: number): number {
  const ceiling = Math.min(MAX_BACKOFF_MS, Math.max(BASE_BACKOFF_MS, 1000 / rate) * 2 ** (throttles - 1));
  return Math.round(ceiling * (0.5 + random / 2));
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
