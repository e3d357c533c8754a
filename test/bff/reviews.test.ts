import { beforeAll, describe, expect, it } from "vitest";
import { api, finishedPrediction, loraReadyProduct, until } from "./client";
import { cookiesForEveryRole, type RoleCookies } from "./users";

let who: RoleCookies & { emails: Record<string, string> };
let finished: { id: string; images: string[] };

const review = (cookie: string, id: string, body: unknown) =>
  api(`/api/predictions/${id}/reviews`, { cookie, json: body });

beforeAll(async () => {
  who = await cookiesForEveryRole("reviews");
  const product = await loraReadyProduct(who.editor, "Review bottle");
  finished = await finishedPrediction(who.editor, product.id, "review me");
}, 90_000);

describe("reviews", () => {
  it("records approve, star and comment per image with who and when; a reviewer may review", async () => {
    expect((await review(who.reviewer, finished.id, { image_index: 0, action: "approve" })).status).toBe(201);
    expect((await review(who.editor, finished.id, { image_index: 0, action: "star" })).status).toBe(201);
    const commented = await review(who.reviewer, finished.id, {
      image_index: 0,
      action: "comment",
      comment: "  Lovely light  ",
    });
    expect(commented.status).toBe(201);
    const body = await commented.json();
    expect(body.prediction_id).toBe(finished.id);
    expect(body.images[0]).toMatchObject({
      image_index: 0,
      url: finished.images[0],
      status: "approved",
      starred: true,
      updated_by_email: who.emails.editor,
    });
    expect(body.events.map((e: { action: string; author_email: string }) => [e.action, e.author_email])).toEqual([
      ["approve", who.emails.reviewer],
      ["star", who.emails.editor],
      ["comment", who.emails.reviewer],
    ]);
    expect(body.events[2].comment).toBe("Lovely light");
    for (const event of body.events) expect(Number.isNaN(Date.parse(event.created_at))).toBe(false);
    // GET answers the same record.
    const read = await (await api(`/api/predictions/${finished.id}/reviews`, { cookie: who.reviewer })).json();
    const { event_id, ...reviews } = body;
    expect(event_id).toBe(body.events[2].id);
    expect(read).toEqual(reviews);
  });

  it("reject replaces approve, clear empties the decision; the history keeps everything", async () => {
    await review(who.editor, finished.id, { image_index: 0, action: "reject" });
    let state = await (await api(`/api/predictions/${finished.id}/reviews`, { cookie: who.admin })).json();
    expect(state.images[0].status).toBe("rejected");
    await review(who.editor, finished.id, { image_index: 0, action: "clear" });
    await review(who.editor, finished.id, { image_index: 0, action: "unstar" });
    state = await (await api(`/api/predictions/${finished.id}/reviews`, { cookie: who.admin })).json();
    expect(state.images[0]).toMatchObject({ status: null, starred: false });
    expect(state.events.map((e: { action: string }) => e.action)).toEqual([
      "approve",
      "star",
      "comment",
      "reject",
      "clear",
      "unstar",
    ]);
  });

  it("refuses bad actions, empty comments and images that do not exist", async () => {
    const bad = await review(who.editor, finished.id, { image_index: 0, action: "love" });
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toMatch(/action must be one of/);
    const empty = await review(who.editor, finished.id, { image_index: 0, action: "comment", comment: "   " });
    expect(await empty.json()).toEqual({ error: "Bad Request", message: "Write a comment" });
    const outOfRange = await review(who.editor, finished.id, {
      image_index: finished.images.length,
      action: "approve",
    });
    expect(outOfRange.status).toBe(400);
    expect((await outOfRange.json()).message).toMatch(/image_index must be between 0 and/);
    const unknown = await review(who.editor, "no-such-prediction", { image_index: 0, action: "approve" });
    expect(unknown.status).toBe(404);
  });

  it("the queue lists unreviewed images oldest first and shrinks after a review; the summary counts them", async () => {
    const product = await loraReadyProduct(who.editor, "Queue bottle");
    const second = await finishedPrediction(who.editor, product.id, "queue second");
    type Item = { prediction: { id: string }; image_index: number };
    type Queue = { total: number; items: Item[]; next_cursor: string | null };
    // Other files share this app (e.g. seeded predictions, older than these): read every page.
    async function wholeQueue(cookie: string): Promise<{ total: number; keys: string[] }> {
      const keys: string[] = [];
      let cursor: string | null = null;
      let total = 0;
      do {
        const query: string = cursor ? `&cursor=${cursor}` : "";
        const page: Queue = await (await api(`/api/reviews/queue?limit=200${query}`, { cookie })).json();
        total = page.total;
        keys.push(...page.items.map((i) => `${i.prediction.id}#${i.image_index}`));
        cursor = page.next_cursor;
      } while (cursor);
      return { total, keys };
    }
    // Queue and summary read one shared index, which other files' predictions keep joining as
    // they finish: read both until they describe the same moment.
    async function queueWithSummary(cookie: string, ready: (keys: string[]) => boolean) {
      return until(async () => {
        const queue = await wholeQueue(cookie);
        const { awaiting } = await (await api("/api/reviews/summary", { cookie })).json();
        return ready(queue.keys) && awaiting === queue.total && queue;
      }, "the queue and the summary to agree");
    }
    // The new images join the index once a poll has seen them.
    const before = await queueWithSummary(who.reviewer, (keys) => keys.includes(`${second.id}#0`));
    expect(before.keys).toHaveLength(before.total);
    expect(before.keys).toContain(`${finished.id}#0`);
    // Oldest first: the earlier prediction comes before the later one.
    expect(before.keys.indexOf(`${finished.id}#0`)).toBeLessThan(before.keys.indexOf(`${second.id}#0`));
    await review(who.reviewer, second.id, { image_index: 0, action: "approve" });
    const after = await queueWithSummary(who.admin, () => true);
    expect(after.keys).not.toContain(`${second.id}#0`);
    // Everything else that waited still waits (newly finished images may have joined).
    expect(after.keys).toEqual(expect.arrayContaining(before.keys.filter((key) => key !== `${second.id}#0`)));
    expect(after.keys).toHaveLength(after.total);
  });

  it("the summary by product counts what the queue's picker shows, and follows a review", async () => {
    const product = await loraReadyProduct(who.editor, "Counted bottle");
    const shot = await finishedPrediction(who.editor, product.id, "counted once");
    type Counts = { awaiting: number; products: { id: string; name: string | null; awaiting: number }[] };
    const counts = async (): Promise<Counts> =>
      (await api("/api/reviews/summary?products=1", { cookie: who.reviewer })).json();
    const mine = (c: Counts) => c.products.find((p) => p.id === product.id)?.awaiting ?? 0;
    const before = await until(async () => {
      const c = await counts();
      return mine(c) === shot.images.length && c;
    }, "the shot's images to be counted");
    expect(before.awaiting).toBe(before.products.reduce((sum, p) => sum + p.awaiting, 0));
    await review(who.reviewer, shot.id, { image_index: 0, action: "approve" });
    expect(mine(await counts())).toBe(shot.images.length - 1);
    expect(await (await api("/api/reviews/summary", { cookie: who.reviewer })).json()).toEqual({
      awaiting: expect.any(Number),
    });
    const bad = await api("/api/reviews/summary?products=yes", { cookie: who.reviewer });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: "Bad Request", message: "products must be 1 when given" });
    expect((await api("/api/reviews/summary?products=1&campaign_id=", { cookie: who.reviewer })).status).toBe(400);
  });

  it("pages the queue with a cursor and refuses a broken one", async () => {
    const all = await (await api("/api/reviews/queue?limit=200", { cookie: who.editor })).json();
    const first = await (await api("/api/reviews/queue?limit=1", { cookie: who.editor })).json();
    expect(first.items).toHaveLength(1);
    if (all.total > 1) {
      expect(first.next_cursor).toEqual(expect.any(String));
      const next = await (
        await api(`/api/reviews/queue?limit=1&cursor=${first.next_cursor}`, { cookie: who.editor })
      ).json();
      expect(next.items[0]).toEqual(all.items[1]);
    }
    expect((await api("/api/reviews/queue?cursor=nonsense", { cookie: who.editor })).status).toBe(400);
    expect((await api("/api/reviews/queue?limit=0", { cookie: who.editor })).status).toBe(400);
  });
});
