import { beforeAll, describe, expect, it } from "vitest";
import { FAST_POLL_MS, SHARED_ANSWER_MS } from "@/lib/predictions/state";
import { api, control, loraReadyProduct, serviceCalls, signIn, until } from "./client";

// What many open tabs polling one prediction cost the service: the server shares one answer of the
// service among every poll (lib/predictions/state.ts sharedAnswerMs), so the calls follow the time
// that passes, never the number of tabs or polls.

const TABS = 10;

let cookie: string;
let product: { id: string };
beforeAll(async () => {
  cookie = await signIn();
  product = await loraReadyProduct(cookie, "Polled bottle");
}, 60_000);

async function create(prompt: string): Promise<string> {
  const response = await api("/api/predictions", {
    cookie,
    json: { product_id: product.id, prompt, aspect_ratio: "1:1" },
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** `rounds` rounds of every tab polling once, FAST_POLL_MS apart, as the prediction page does. */
async function pollAsTabs(id: string, rounds: number): Promise<{ polls: number }> {
  let polls = 0;
  for (let round = 0; round < rounds; round++) {
    const answers = await Promise.all(Array.from({ length: TABS }, () => api(`/api/predictions/${id}`, { cookie })));
    expect(answers.map((r) => r.status)).toEqual(Array(TABS).fill(200));
    polls += answers.length;
    await new Promise((r) => setTimeout(r, FAST_POLL_MS));
  }
  return { polls };
}

const callsFor = async (id: string) => (await serviceCalls())[`GET /api/v1/prediction/${id}`] ?? 0;

describe("polls of one prediction by many tabs", () => {
  it("a running prediction: 10 tabs' polls cost at most one service call per shared answer", async () => {
    // A shot that finished first, so the app knows how long shots take here.
    const first = await create("a first shot to learn from");
    await until(
      async () =>
        ((await (await api(`/api/predictions/${first}`, { cookie })).json()) as { images: string[] }).images.length > 0,
      "the first shot",
    );
    await control("/stall", { json: { kind: "prediction", count: 1 } });
    const stuck = await create("a shot that never finishes");
    await control("/calls", { method: "DELETE" });
    const started = Date.now();
    const { polls } = await pollAsTabs(stuck, 20);
    const windows = Math.ceil((Date.now() - started) / SHARED_ANSWER_MS);
    const calls = await callsFor(stuck);
    expect(polls).toBe(200);
    expect(calls).toBeGreaterThanOrEqual(1);
    // At most one call per shared answer (plus the one under way at the end), and 10 tabs share it.
    expect(calls).toBeLessThanOrEqual(windows + 1);
    expect(calls).toBeLessThanOrEqual(polls / TABS);
  });

  it("a finished prediction: tabs still polling cost the service nothing", async () => {
    const id = await create("a shot everyone watches");
    await until(
      async () =>
        ((await (await api(`/api/predictions/${id}`, { cookie })).json()) as { images: string[] }).images.length > 0,
      "the images",
    );
    await control("/calls", { method: "DELETE" });
    // Well past the short shared answer: a finished shot's answer is kept for a minute.
    const { polls } = await pollAsTabs(id, 8);
    expect(polls).toBe(80);
    expect(await callsFor(id)).toBe(0);
  });
});
