// @vitest-environment happy-dom
import { request } from "node:http";
import { renderHook, waitFor } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import type { BatchResult } from "@/lib/api-types";
import type { ProductView } from "@/lib/types";
import { bff } from "@/test/bff/client";
import { openAppSignedIn, queryWrapper, readyProduct } from "@/test/bff/browser";
import { apiFetch } from "./api-fetch";
import { CAMPAIGN_POLL_MS, useCampaign } from "./use-campaigns";

let product: ProductView;

/** The local service's control API, over node:http (the window's fetch is held to the app's origin). */
function control(path: string, body: unknown): Promise<void> {
  const { controlUrl, token } = bff();
  return new Promise((resolve, reject) => {
    const req = request(
      `${controlUrl}${path}`,
      { method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": "application/json" } },
      (res) => {
        res.resume();
        if (res.statusCode !== 200) reject(new Error(`control ${path}: ${res.statusCode}`));
        else resolve();
      },
    );
    req.on("error", reject);
    req.end(JSON.stringify(body));
  });
}

beforeAll(async () => {
  await openAppSignedIn();
  product = await readyProduct("Hook campaign bottle");
}, 90_000);

describe("useCampaign", () => {
  it("asks nothing without an id", () => {
    const { wrapper } = queryWrapper();
    const { result } = renderHook(() => useCampaign(null), { wrapper });
    expect(result.current.fetchStatus).toBe("idle");
    expect(result.current.data).toBeUndefined();
  });

  it("follows a queued shot every 3 s while its campaign runs, and asks no more once it is done", async () => {
    // The service asks for longer than the request waits: the shot stays queued at the app.
    await control("/faults", { match: "POST /api/v1/prediction/", kind: "rate429", count: 1, retryAfter: 10 });
    const batch = await apiFetch<BatchResult>("/api/predictions/batch", {
      method: "POST",
      json: { product_id: product.id, prompt: "followed until made", aspect_ratios: ["1:1"] },
    });
    expect(batch.items[0]).toMatchObject({ ok: true, sent: false, queued: true });

    const { wrapper } = queryWrapper();
    const { result } = renderHook(() => useCampaign(batch.campaign_id), { wrapper });
    await waitFor(() => expect(result.current.data?.status).toBe("running"));
    expect(result.current.data?.cells.map((c) => c.prediction_id)).toEqual([null]);

    // Sent once the service allows; its images are then seen the way the product page sees them,
    // by polling the prediction (the server's watcher does the same with no page open).
    await waitFor(() => expect(result.current.data?.cells[0].prediction_id).toEqual(expect.any(String)), {
      timeout: 30_000,
      interval: 250,
    });
    const id = result.current.data!.cells[0].prediction_id!;
    await waitFor(
      async () =>
        expect((await apiFetch<{ images: string[] }>(`/api/predictions/${id}`)).images.length).toBeGreaterThan(0),
      { timeout: 15_000, interval: 250 },
    );
    await waitFor(() => expect(result.current.data?.status).toBe("done"), { timeout: 15_000, interval: 250 });
    expect(result.current.data?.cells[0]).toMatchObject({ state: "done", prediction_id: expect.any(String) });
    expect(result.current.data!.cells[0].images).toBeGreaterThan(0);
    const last = result.current.dataUpdatedAt;
    // Longer than one poll: a campaign that is done no longer changes by itself.
    await new Promise((resolve) => setTimeout(resolve, CAMPAIGN_POLL_MS + 1_500));
    expect(result.current.dataUpdatedAt).toBe(last);
  }, 60_000);
});
