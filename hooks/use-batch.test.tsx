// @vitest-environment happy-dom
import { act, renderHook, waitFor } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import type { ProductView } from "@/lib/types";
import { openAppSignedIn, queryWrapper, readyProduct } from "@/test/bff/browser";
import { queryKeys } from "@/lib/query-keys";
import { useBatchPredictions } from "./use-batch";
import { usePredictions } from "./use-predictions";

let product: ProductView;

beforeAll(async () => {
  await openAppSignedIn();
  product = await readyProduct("Hook batch bottle");
}, 90_000);

describe("useBatchPredictions", () => {
  it("puts every created prediction into the lists it belongs to at once, and reloads the gallery", async () => {
    const { client, wrapper, galleryKey, otherListKey } = queryWrapper();
    const { result } = renderHook(
      () => ({
        all: usePredictions({ limit: 50 }),
        mine: usePredictions({ productId: product.id, limit: 50 }),
        batch: useBatchPredictions(),
      }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.all.isSuccess && result.current.mine.isSuccess).toBe(true));
    expect(result.current.mine.data).toEqual([]);

    let created: string[] = [];
    await act(async () => {
      const answer = await result.current.batch.mutateAsync({
        product_id: product.id,
        prompt: "on a marble counter",
        aspect_ratios: ["1:1", "16:9"],
      });
      created = answer.items.flatMap((item) => ("prediction" in item ? [item.prediction.id] : []));
      // Read before any reload could answer: the lists must already hold the new ones.
      const lists = client.getQueriesData<{ id: string }[]>({ queryKey: queryKeys.predictions });
      const ids = (scope: string) => lists.find(([key]) => key[1] === scope)?.[1]?.map((p) => p.id);
      expect(ids("all")?.slice(0, 2)).toEqual([...created].reverse());
      expect(ids(product.id)).toEqual([...created].reverse());
      expect(client.getQueryData(otherListKey)).toEqual([]);
    });
    expect(created).toHaveLength(2);
    expect(client.getQueryState(galleryKey)?.isInvalidated).toBe(true);
    for (const id of created)
      expect(client.getQueryData(queryKeys.prediction(id))).toMatchObject({ id, status: "processing" });
    // Nothing is cached under the bare prefix, which no list reads.
    expect(client.getQueryData(queryKeys.predictions)).toBeUndefined();
  });
});
