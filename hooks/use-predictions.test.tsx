// @vitest-environment happy-dom
import { act, renderHook, waitFor } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import type { PredictionView, ProductView } from "@/lib/types";
import { openAppSignedIn, queryWrapper, readyProduct } from "@/test/bff/browser";
import { queryKeys } from "@/lib/query-keys";
import { useCreatePrediction, usePredictions } from "./use-predictions";

let product: ProductView;

beforeAll(async () => {
  await openAppSignedIn();
  product = await readyProduct("Hook prediction bottle");
}, 90_000);

describe("useCreatePrediction", () => {
  it("shows the new prediction on top of its lists at once and reloads the gallery", async () => {
    const { client, wrapper, galleryKey, otherListKey } = queryWrapper();
    const { result } = renderHook(
      () => ({ mine: usePredictions({ productId: product.id, limit: 50 }), create: useCreatePrediction() }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.mine.isSuccess).toBe(true));

    let created: PredictionView | undefined;
    await act(async () => {
      const answer = await result.current.create.mutateAsync({
        product_id: product.id,
        prompt: "in a misty forest",
        aspect_ratio: "4:5",
      });
      if ("queued" in answer) throw new Error(`queued: ${answer.message}`);
      created = answer;
      expect(
        client.getQueryData<PredictionView[]>([...queryKeys.predictions, product.id, 50])?.map((p) => p.id),
      ).toEqual([answer.id]);
    });
    expect(created).toMatchObject({ product_id: product.id, aspect_ratio: "4:5", status: "processing" });
    expect(client.getQueryData(otherListKey)).toEqual([]);
    expect(client.getQueryData(queryKeys.prediction(created!.id))).toMatchObject({ id: created!.id });
    expect(client.getQueryState(galleryKey)?.isInvalidated).toBe(true);
  });

  it("shows the server's message when the prediction is refused", async () => {
    const { wrapper } = queryWrapper();
    const { result } = renderHook(() => useCreatePrediction(), { wrapper });
    await act(async () => {
      await expect(
        result.current.mutateAsync({ product_id: "no-such-product", prompt: "x", aspect_ratio: "1:1" }),
      ).rejects.toMatchObject({ status: 404 });
    });
  });
});
