import { describe, expect, it } from "vitest";
import {
  FAST_POLL_MS,
  GIVE_UP_AFTER_MS,
  SLOW_AFTER_MS,
  SLOW_POLL_MS,
  SHARED_ANSWER_DONE_MS,
  SHARED_ANSWER_EARLY_MS,
  SHARED_ANSWER_MS,
  listPollInterval,
  phaseLabel,
  pollInterval,
  predictionPhase,
  sharedAnswerMs,
  startedAt,
} from "./state";

const START = Date.parse("2025-03-01T10:00:00.000Z");
const processing = { images: [], created_at: "2025-03-01T10:00:00.000Z", date_modification: "2025-03-01 09:00:00" };

describe("prediction state", () => {
  it("prefers the app's created_at and falls back to date_modification read as UTC", () => {
    expect(startedAt(processing)?.getTime()).toBe(START);
    expect(startedAt({ ...processing, created_at: null })?.toISOString()).toBe("2025-03-01T09:00:00.000Z");
    expect(startedAt({ ...processing, created_at: null, date_modification: "soon" })).toBeNull();
  });

  it("is generating within the typical time, polled fast", () => {
    const now = START + 12_000;
    expect(predictionPhase(processing, now)).toBe("generating");
    expect(phaseLabel(processing, now)).toBe("Generating… 12 s");
    expect(pollInterval(processing, now)).toBe(FAST_POLL_MS);
  });

  it("takes longer than usual past 90 s, polled slower", () => {
    const now = START + 130_000;
    expect(predictionPhase(processing, START + SLOW_AFTER_MS - 1)).toBe("generating");
    expect(predictionPhase(processing, now)).toBe("slow");
    expect(phaseLabel(processing, now)).toBe("Taking longer than usual · 2 min 10 s");
    expect(pollInterval(processing, now)).toBe(SLOW_POLL_MS);
  });

  it("may have failed past the generous limit, and stops polling", () => {
    const now = START + GIVE_UP_AFTER_MS;
    expect(predictionPhase(processing, now)).toBe("maybe-failed");
    expect(phaseLabel(processing, now)).toBe("This may have failed");
    expect(pollInterval(processing, now)).toBe(false);
  });

  it("is done once images arrive, however late", () => {
    const done = { ...processing, images: ["a.png", "b.png"] };
    expect(predictionPhase(done, START + GIVE_UP_AFTER_MS * 3)).toBe("done");
    expect(pollInterval(done, START)).toBe(false);
    expect(phaseLabel(done, START)).toBe("2 images ready");
  });

  it("treats a clock behind the server as no time elapsed", () => {
    expect(phaseLabel(processing, START - 5_000)).toBe("Generating… 0 s");
  });

  it("polls a list as fast as its most urgent prediction needs", () => {
    const slow = { ...processing, created_at: new Date(START - 120_000).toISOString() };
    const done = { ...processing, images: ["a.png"] };
    expect(listPollInterval([done, slow, processing], START + 1_000)).toBe(FAST_POLL_MS);
    expect(listPollInterval([done, slow], START)).toBe(SLOW_POLL_MS);
    expect(listPollInterval([done], START)).toBe(false);
    expect(listPollInterval(undefined, START)).toBe(false);
  });

  it("shares one answer longer while a shot is not yet due, and a finished one for a minute", () => {
    // The fastest recent shot took 20 s: nothing is expected before 15 s.
    expect(sharedAnswerMs(processing, START + 1_000, 20_000)).toBe(SHARED_ANSWER_EARLY_MS);
    expect(sharedAnswerMs(processing, START + 13_000, 20_000)).toBe(2_000);
    expect(sharedAnswerMs(processing, START + 14_500, 20_000)).toBe(SHARED_ANSWER_MS);
    expect(sharedAnswerMs(processing, START + 40_000, 20_000)).toBe(SHARED_ANSWER_MS);
    // Nothing learned yet, or no creation time of the app's own: the short window throughout.
    expect(sharedAnswerMs(processing, START + 1_000, null)).toBe(SHARED_ANSWER_MS);
    expect(sharedAnswerMs({ ...processing, created_at: null }, START + 1_000, 20_000)).toBe(SHARED_ANSWER_MS);
    expect(sharedAnswerMs({ ...processing, images: ["a.jpg"] }, START + 1_000, 20_000)).toBe(SHARED_ANSWER_DONE_MS);
  });
});
