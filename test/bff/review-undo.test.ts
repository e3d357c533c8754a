import { beforeAll, describe, expect, it } from "vitest";
import { api, finishedPrediction, loraReadyProduct, until } from "./client";
import { cookiesForEveryRole, type RoleCookies } from "./users";

// Undo of one's own review action, and the review queue's order and product filter.

let who: RoleCookies & { emails: Record<string, string> };
let product: { id: string };
let older: { id: string; images: string[] };
let newer: { id: string; images: string[] };

const review = async (cookie: string, id: string, body: unknown) => {
  const response = await api(`/api/predictions/${id}/reviews`, { cookie, json: body });
  expect(response.status).toBe(201);
  return response.json();
};
const undo = (cookie: string, id: string, body: unknown) =>
  api(`/api/predictions/${id}/reviews/undo`, { cookie, json: body });
const reviewsOf = async (id: string) => (await api(`/api/predictions/${id}/reviews`, { cookie: who.admin })).json();

type Queue = {
  total: number;
  items: { prediction: { id: string; product_name: string | null }; image_index: number }[];
  products: { id: string; name: string | null; awaiting: number }[];
};
const queue = async (query: string): Promise<Queue> =>
  (await api(`/api/reviews/queue?${query}`, { cookie: who.reviewer })).json();
const keys = (q: Queue) => q.items.map((i) => `${i.prediction.id}#${i.image_index}`);

beforeAll(async () => {
  who = await cookiesForEveryRole("review-undo");
  product = await loraReadyProduct(who.editor, `Undo bottle ${Date.now()}`);
  older = await finishedPrediction(who.editor, product.id, "undo older");
  newer = await finishedPrediction(who.editor, product.id, "undo newer");
  // Both join the queue's index once a poll has seen them.
  await until(
    async () => (await queue(`product_id=${product.id}`)).total === older.images.length + newer.images.length,
    "the product's images in the queue",
  );
}, 120_000);

describe("undo a review", () => {
  it("puts the image's state back, marks the event undone and returns the image to the queue", async () => {
    const approved = await review(who.reviewer, older.id, { image_index: 0, action: "approve" });
    expect(approved.images[0].status).toBe("approved");
    expect(keys(await queue(`product_id=${product.id}`))).not.toContain(`${older.id}#0`);

    const response = await undo(who.reviewer, older.id, { event_id: approved.event_id });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.images[0]).toMatchObject({ status: null, starred: false });
    const event = body.events.find((e: { id: string }) => e.id === approved.event_id);
    expect(event).toMatchObject({ action: "approve", author_email: who.emails.reviewer });
    expect(Number.isNaN(Date.parse(event.undone_at))).toBe(false);
    expect(await reviewsOf(older.id)).toEqual(body);
    // Back in its place: oldest first, the older shot's image leads this product's queue again.
    expect(keys(await queue(`product_id=${product.id}`))[0]).toBe(`${older.id}#0`);

    const again = await undo(who.reviewer, older.id, { event_id: approved.event_id });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: "Conflict", message: "This review was already undone." });
  });

  it("walks back several actions newest first, to the state before the first", async () => {
    const rejected = await review(who.editor, newer.id, { image_index: 0, action: "reject" });
    const starred = await review(who.editor, newer.id, { image_index: 0, action: "star" });
    // The older action cannot go first: a later one stands on top of it.
    const early = await undo(who.editor, newer.id, { event_id: rejected.event_id });
    expect(early.status).toBe(409);
    expect((await early.json()).message).toMatch(/reviewed this image since/);
    expect((await undo(who.editor, newer.id, { event_id: starred.event_id })).status).toBe(200);
    expect((await reviewsOf(newer.id)).images[0]).toMatchObject({ status: "rejected", starred: false });
    expect((await undo(who.editor, newer.id, { event_id: rejected.event_id })).status).toBe(200);
    const after = await reviewsOf(newer.id);
    expect(after.images[0]).toMatchObject({ status: null, starred: false });
    expect(after.events.filter((e: { undone_at: string | null }) => e.undone_at !== null)).toHaveLength(2);
  });

  it("refuses someone else's review, a review overtaken by a colleague, and comments", async () => {
    const mine = await review(who.reviewer, newer.id, { image_index: 0, action: "approve" });
    const other = await undo(who.editor, newer.id, { event_id: mine.event_id });
    expect(other.status).toBe(403);
    expect(await other.json()).toEqual({
      error: "Forbidden",
      message: "Only the person who made a review can undo it.",
    });
    await review(who.editor, newer.id, { image_index: 0, action: "reject" });
    const overtaken = await undo(who.reviewer, newer.id, { event_id: mine.event_id });
    expect(overtaken.status).toBe(409);
    expect((await overtaken.json()).message).toBe(
      `${who.emails.editor} reviewed this image since; review it again instead of undoing.`,
    );
    expect((await reviewsOf(newer.id)).images[0].status).toBe("rejected");
    const comment = await review(who.reviewer, newer.id, { image_index: 0, action: "comment", comment: "Nice" });
    const refused = await undo(who.reviewer, newer.id, { event_id: comment.event_id });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ error: "Bad Request", message: "A comment cannot be undone." });
  });

  it("refuses bad input with { error, message } and unknown reviews with 404", async () => {
    for (const body of [{}, { event_id: "abc" }, { event_id: 12 }, { event_id: "1".repeat(19) }]) {
      const response = await undo(who.reviewer, older.id, body);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: "Bad Request", message: "event_id must be the id of a review" });
    }
    const notJson = await api(`/api/predictions/${older.id}/reviews/undo`, {
      cookie: who.reviewer,
      method: "POST",
      body: "{",
      headers: { "content-type": "application/json" },
    });
    expect(notJson.status).toBe(400);
    expect(Object.keys(await notJson.json()).sort()).toEqual(["error", "message"]);
    const unknown = await undo(who.reviewer, older.id, { event_id: "999999999999" });
    expect(unknown.status).toBe(404);
    // An event of another prediction is not this one's.
    const elsewhere = await review(who.reviewer, newer.id, { image_index: 0, action: "star" });
    expect((await undo(who.reviewer, older.id, { event_id: elsewhere.event_id })).status).toBe(404);
    expect((await undo(who.reviewer, "no-such-prediction", { event_id: elsewhere.event_id })).status).toBe(404);
  });

  it("needs a session (refused before the body is read) and a same-site origin", async () => {
    const anonymous = await undo("", older.id, { event_id: "1" });
    expect(anonymous.status).toBe(401);
    expect(Object.keys(await anonymous.json()).sort()).toEqual(["error", "message"]);
    const crossSite = await api(`/api/predictions/${older.id}/reviews/undo`, {
      cookie: who.reviewer,
      json: { event_id: "1" },
      headers: { origin: "https://elsewhere.example" },
    });
    expect(crossSite.status).toBe(403);
  });
});

describe("the queue's order and product filter", () => {
  it("filters by product, names its products, and sorts newest or oldest first", async () => {
    const ours = await until(async () => {
      const q = await queue(`product_id=${product.id}&limit=200`);
      return q.items.length === q.total && q.total > 0 && q;
    }, "the product's queue");
    expect(new Set(ours.items.map((i) => i.prediction.id)).size).toBeLessThanOrEqual(2);
    for (const item of ours.items) expect(item.prediction.product_name).toMatch(/^Undo bottle/);
    const listed = ours.products.find((p) => p.id === product.id);
    expect(listed).toMatchObject({ name: expect.stringMatching(/^Undo bottle/), awaiting: ours.total });
    const newest = await queue(`product_id=${product.id}&limit=200&sort=newest`);
    const order = (q: Queue) => [...new Set(q.items.map((i) => i.prediction.id))];
    expect(order(newest)).toEqual([...order(ours)].reverse());
    // Paging newest first with a cursor meets every image once.
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Queue & { next_cursor: string | null } = await (
        await api(
          `/api/reviews/queue?product_id=${product.id}&limit=1&sort=newest${cursor ? `&cursor=${cursor}` : ""}`,
          { cookie: who.reviewer },
        )
      ).json();
      seen.push(...keys(page));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toEqual(keys(newest));
  });

  it("refuses an unknown order and a product id one character too long", async () => {
    const badSort = await api("/api/reviews/queue?sort=random", { cookie: who.reviewer });
    expect(badSort.status).toBe(400);
    expect(await badSort.json()).toEqual({ error: "Bad Request", message: "sort must be one of: oldest, newest" });
    const long = await api(`/api/reviews/queue?product_id=${"p".repeat(201)}`, { cookie: who.reviewer });
    expect(long.status).toBe(400);
    expect((await long.json()).message).toBe("product_id is too long");
    const longest = await api(`/api/reviews/queue?product_id=${"p".repeat(200)}`, { cookie: who.reviewer });
    expect(longest.status).toBe(200);
    expect(await longest.json()).toMatchObject({ items: [], total: 0 });
    expect((await api("/api/reviews/queue?product_id=x")).status).toBe(401);
  });
});
