import { describe, expect, it } from "vitest";
import { z } from "zod";
import { decodeCursor, encodeCursor } from "./cursor";
import { AppError } from "./errors";

const position = z.object({ t: z.number(), id: z.string() });

describe("page cursors", () => {
  it("give back the position they were made from", () => {
    expect(decodeCursor(encodeCursor({ t: 1700000000000, id: "p-1" }), position)).toEqual({
      t: 1700000000000,
      id: "p-1",
    });
  });

  it("refuse a cursor that is not one, or not of this list, as bad input", () => {
    const other = encodeCursor({ t: "yesterday", id: 3 });
    for (const cursor of ["garbage", "", Buffer.from("[1,2]").toString("base64url"), other]) {
      let error: unknown;
      try {
        decodeCursor(cursor, position);
      } catch (e) {
        error = e;
      }
      expect(error, cursor).toBeInstanceOf(AppError);
      expect((error as AppError).status).toBe(400);
    }
  });
});
