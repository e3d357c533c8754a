import { describe, expect, it } from "vitest";
import { isAppError } from "@/lib/errors";
import { sharedImageQuery } from "./share-image";

describe("a share link's image query", () => {
  it("names one image by prediction and index", () => {
    expect(sharedImageQuery(new URLSearchParams("p=pred_1&i=2"))).toEqual({ predictionId: "pred_1", index: 2 });
  });

  it("refuses an index that is not a whole number from 0 with a 400 in words", () => {
    for (const i of ["-1", "1.5", "x"]) {
      let caught: unknown;
      try {
        sharedImageQuery(new URLSearchParams({ p: "pred_1", i }));
      } catch (error) {
        caught = error;
      }
      expect(isAppError(caught) && caught.status, i).toBe(400);
      expect((caught as Error).message).toBe("i must be an image index");
    }
  });
});
