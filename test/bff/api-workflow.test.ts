import { beforeAll, describe, expect, it } from "vitest";
import { api, until } from "./client";
import { ownKey, productForm, withKey } from "./keys";
import { cookiesForEveryRole } from "./users";

// The whole workflow as another system drives it, with nothing but API keys: a service account's
// editor key makes a product from its textures (multipart), trains its LoRA, makes shots and a
// campaign and reads them; a reviewer's key approves an image and is refused every create.
// Only the keys are made with a session (a key cannot make keys).

let editorKey: string;
let reviewerKey: string;
let adminKey: string;
let accountId: string;

beforeAll(async () => {
  const who = await cookiesForEveryRole("workflow");
  const account = await (
    await api("/api/service-accounts", { cookie: who.admin, json: { name: `PIM ${Date.now()}`, role: "editor" } })
  ).json();
  accountId = account.id;
  const created = await api(`/api/service-accounts/${accountId}/keys`, {
    cookie: who.admin,
    json: { name: "PIM import", role: "editor", expires_in_days: 30 },
  });
  editorKey = (await created.json()).secret;
  reviewerKey = await ownKey(who.reviewer, "Review bot", "reviewer");
  adminKey = await ownKey(who.admin, "Audit reader", "admin");
});

/** The JSON of an answer that must have `status`, or a failure naming what it said. */
async function expectJson<T = Record<string, unknown>>(response: Promise<Response>, status: number): Promise<T> {
  const answer = await response;
  const text = await answer.text();
  expect(answer.status, text).toBe(status);
  return JSON.parse(text) as T;
}

describe("the workflow through the API with keys only", () => {
  it("makes a product, trains it, makes shots and a campaign, reads them, and a reviewer's key approves one", async () => {
    const product = await expectJson<{ id: string; lora_enabled: number }>(
      withKey(editorKey, "/api/products", { body: await productForm("1", "Key bottle", ["label", "cap"]) }),
      201,
    );
    expect(product.lora_enabled).toBe(0);

    await expectJson(withKey(editorKey, `/api/products/${product.id}/lora`, { method: "POST" }), 200);
    await until(
      async () =>
        (await expectJson<{ lora_enabled: number }>(withKey(editorKey, `/api/products/${product.id}`), 200))
          .lora_enabled === 1,
      "the LoRA",
    );

    const shot = await expectJson<{ id: string }>(
      withKey(editorKey, "/api/predictions", {
        json: { product_id: product.id, prompt: "on a marble counter", aspect_ratio: "4:5" },
      }),
      201,
    );
    const finished = await until(async () => {
      const read = await expectJson<{ images: string[]; aspect_ratio: string }>(
        withKey(editorKey, `/api/predictions/${shot.id}`),
        200,
      );
      return read.images.length > 0 ? read : null;
    }, "the shot's images");
    expect(finished.aspect_ratio).toBe("4:5");

    const campaign = await expectJson<{ id: string; total: number }>(
      withKey(editorKey, "/api/campaigns", {
        json: {
          name: "Key launch",
          product_ids: [product.id],
          prompts: ["in a garden", "on a shelf"],
          aspect_ratios: ["1:1"],
        },
      }),
      201,
    );
    expect(campaign.total).toBe(2);
    const done = await until(
      async () => {
        const view = await expectJson<{ status: string; ready: number }>(
          withKey(editorKey, `/api/campaigns/${campaign.id}`),
          200,
        );
        return view.status === "done" ? view : null;
      },
      "the campaign",
      300,
    );
    expect(done.ready).toBe(2);

    const gallery = await expectJson<{ items: { id: string }[] }>(
      withKey(reviewerKey, `/api/predictions?limit=50&product_id=${product.id}`),
      200,
    );
    expect(gallery.items.map((p) => p.id)).toContain(shot.id);
    expect(gallery.items).toHaveLength(3);

    const review = await expectJson<{ images: { status: string }[] }>(
      withKey(reviewerKey, `/api/predictions/${shot.id}/reviews`, { json: { image_index: 0, action: "approve" } }),
      201,
    );
    expect(review.images[0].status).toBe("approved");

    // Everything the service account did is on the Activity page under its key's name.
    const audit = await expectJson<{ items: { action: string; detail: Record<string, unknown> }[] }>(
      withKey(adminKey, `/api/audit?limit=50&actor=${accountId}`),
      200,
    );
    const actions = audit.items.map((line) => [line.action, line.detail.via_key]).reverse();
    expect(actions).toEqual(
      expect.arrayContaining([
        ["product.created", "PIM import"],
        ["lora.started", "PIM import"],
        ["prediction.created", "PIM import"],
        ["campaign.created", "PIM import"],
      ]),
    );
    expect(await expectJson(withKey(reviewerKey, "/api/audit"), 403)).toEqual({
      error: "Forbidden",
      message: "Your role (reviewer) does not allow this.",
    });
  }, 120_000);

  it("refuses a reviewer's key every create, before reading the body, in the { error, message } shape", async () => {
    const product = await expectJson<{ id: string }>(
      withKey(editorKey, "/api/products", { body: await productForm("1", "Refused bottle", ["label", "cap"]) }),
      201,
    );
    const refusal = { error: "Forbidden", message: "Your role (reviewer) does not allow this." };
    expect(
      await expectJson(
        withKey(reviewerKey, "/api/products", { body: await productForm("1", "Not mine", ["label", "cap"]) }),
        403,
      ),
    ).toEqual(refusal);
    expect(await expectJson(withKey(reviewerKey, `/api/products/${product.id}/lora`, { method: "POST" }), 403)).toEqual(
      refusal,
    );
    expect(
      await expectJson(
        withKey(reviewerKey, "/api/predictions", {
          json: { product_id: product.id, prompt: "x", aspect_ratio: "1:1" },
        }),
        403,
      ),
    ).toEqual(refusal);
    expect(
      await expectJson(
        withKey(reviewerKey, "/api/campaigns", {
          json: { name: "No", product_ids: [product.id], prompts: ["x"], aspect_ratios: ["1:1"] },
        }),
        403,
      ),
    ).toEqual(refusal);
  });
});
