// The gallery's index in the database: pages read rows, not the service's list; the list is
// read at most once per cadence (and per person's refresh), and a poll patches its row at once.
import { beforeAll, describe, expect, it } from "vitest";
import { api, control, loraReadyProduct, serviceCalls, signIn, until } from "./client";

const LIST = "GET /api/v1/prediction/";

let cookie: string;
let product: { id: string };

const listCalls = async () => (await serviceCalls())[LIST] ?? 0;
const refresh = () => api("/api/predictions/refresh", { method: "POST", cookie });

beforeAll(async () => {
  cookie = await signIn();
  product = await loraReadyProduct(cookie, "Index lamp");
}, 90_000);

describe("the gallery's index", () => {
  it("reads the service's list once for two refreshes at once, and refuses a third within the gap", async () => {
    await until(async () => (await api("/api/predictions?limit=1", { cookie })).status === 200, "the first page");
    // Two refreshes at once, sent again while an earlier refresh's gap (10 s) or a background
    // read's lease turns both away: a pair of which neither read the list changed nothing.
    const { answers, ran } = await until(async () => {
      await control("/calls", { method: "DELETE" });
      const pair = await Promise.all([refresh(), refresh()]);
      const bodies = await Promise.all(pair.filter((r) => r.status === 200).map((r) => r.json()));
      const ran = bodies.filter((body) => body.refreshed);
      return ran.length > 0 ? { answers: pair.map((r) => r.status).sort(), ran } : null;
    }, "a refresh to be allowed");
    // One reads the list; the other finds it being read (200, refreshed: false) or just read (429).
    expect(answers[0]).toBe(200);
    expect([200, 429]).toContain(answers[1]);
    expect(ran).toHaveLength(1);
    expect(await listCalls()).toBe(1);

    const third = await refresh();
    expect(third.status).toBe(429);
    expect(Number(third.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await third.json()).toEqual({
      error: "Too Many Requests",
      message: expect.stringMatching(/refreshed moments ago/),
    });
    expect(await listCalls()).toBe(1);
  }, 60_000);

  it("answers pages without asking the service's list while the index is fresh", async () => {
    // A refresh just ran (previous test, or now): the next reads are within the cadence.
    await control("/calls", { method: "DELETE" });
    for (const query of ["limit=60", "limit=5&sort=oldest", `limit=10&product_id=${product.id}`, "limit=3&q=lamp"]) {
      expect((await api(`/api/predictions?${query}`, { cookie })).status).toBe(200);
    }
    expect((await api("/api/reviews/summary", { cookie })).status).toBe(200);
    expect(await listCalls()).toBe(0);
  });

  it("shows what a single-prediction poll saw at once, before any read of the list", async () => {
    const created = await (
      await api("/api/predictions", {
        cookie,
        json: { product_id: product.id, prompt: "Index lamp on slate", aspect_ratio: "3:2" },
      })
    ).json();
    const row = async () =>
      (await (await api(`/api/predictions?limit=5&product_id=${product.id}`, { cookie })).json()).items.find(
        (p: { id: string }) => p.id === created.id,
      );
    expect((await row()).images).toEqual([]);
    // Nobody reads the gallery while the service finishes it, so no reconcile can run meanwhile.
    await until(
      async () => ((await control(`/prediction/${created.id}`)) as { finishedAt: string | null }).finishedAt,
      "the service to finish it",
    );
    await new Promise((r) => setTimeout(r, 1_000)); // past the shared answer of the page's own read
    await control("/calls", { method: "DELETE" });
    const polled = await (await api(`/api/predictions/${created.id}`, { cookie })).json();
    expect(polled.images.length).toBeGreaterThan(0);
    expect(await listCalls()).toBe(0);
    const patched = await row();
    // The page read the patched row: it did not need to ask the service about it again.
    expect((await serviceCalls())[`GET /api/v1/prediction/${created.id}`]).toBe(1);
    expect(patched).toMatchObject({ status: "succeeded", aspect_ratio: "3:2", images: polled.images });
  });
});
