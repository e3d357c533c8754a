import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestEnv } from "@/lib/db/testing";
import { AppError } from "@/lib/errors";
import { withDecodeSlot, withPersonExportSlot } from "./export-gate";

let env: ReturnType<typeof useTestEnv>;
beforeAll(() => {
  env = useTestEnv({ EXPORTS_AT_ONCE: "2", EXPORTS_PER_PERSON: "2" });
});
afterAll(() => env.cleanup());

/** A task that runs until `release` is called. */
function held() {
  let release = () => undefined as void;
  const done = new Promise<void>((resolve) => (release = resolve));
  return { task: () => done, release: () => release() };
}

describe("the export gate", () => {
  it("answers a person's third export at once with 429, Retry-After and words; others are not held up", async () => {
    const [a, b] = [held(), held()];
    const first = withPersonExportSlot("ana", a.task);
    const second = withPersonExportSlot("ana", b.task);
    const third = await withPersonExportSlot("ana", async () => "ran").catch((e: unknown) => e);
    expect(third).toBeInstanceOf(AppError);
    expect(third).toMatchObject({
      status: 429,
      retryAfter: 2,
      message: "You already have 2 images being made for a channel. Wait for one to finish, then try again.",
    });
    expect(await withPersonExportSlot("ben", async () => "ran")).toBe("ran");
    a.release();
    await first;
    expect(await withPersonExportSlot("ana", async () => "ran")).toBe("ran");
    b.release();
    await second;
  });

  it("decodes at most EXPORTS_AT_ONCE at once in the process, the rest in turn", async () => {
    let running = 0;
    let most = 0;
    const decode = () =>
      withDecodeSlot(async () => {
        most = Math.max(most, ++running);
        await new Promise((r) => setTimeout(r, 20));
        running--;
      });
    await Promise.all(Array.from({ length: 7 }, decode));
    expect(most).toBe(2);
  });
});
