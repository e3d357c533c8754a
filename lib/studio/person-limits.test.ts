import { describe, expect, it } from "vitest";
import { testDatabase } from "@/lib/db/testing";
import { assertWithinPersonLimit } from "./person-limits";

// One editor's burst against the installation's share of the service: five LoRA starts or forty
// shots in half a second were all passed on before. Now each person has a minute's allowance.

describe("what one person may ask of the service in a minute", () => {
  testDatabase({ PERSON_SHOTS_PER_MINUTE: "10", PERSON_TRAININGS_PER_MINUTE: "2" });
  const editor = { id: "u-editor", email: "e@studio.test", role: "editor" as const };
  const other = { id: "u-other", email: "o@studio.test", role: "editor" as const };

  it("refuses the third training start in a minute with 429, Retry-After and words; another person is not held up", async () => {
    await assertWithinPersonLimit(editor, "trainings");
    await assertWithinPersonLimit(editor, "trainings");
    const refused = await assertWithinPersonLimit(editor, "trainings").catch((e: unknown) => e);
    expect(refused).toMatchObject({
      status: 429,
      message: expect.stringMatching(/^You have started 2 trainings in the last minute, .* Try again in \d+ s\.$/),
    });
    expect((refused as { retryAfter: number }).retryAfter).toBeGreaterThan(0);
    await expect(assertWithinPersonLimit(other, "trainings")).resolves.toBeUndefined();
  });

  it("counts a batch's shots, and says a campaign queues instead", async () => {
    await assertWithinPersonLimit(editor, "shots", 8);
    await expect(assertWithinPersonLimit(editor, "shots", 3)).rejects.toMatchObject({
      status: 429,
      message: expect.stringContaining("start a campaign"),
    });
    // Forty shots in half a second: the ones past the allowance are all refused.
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        assertWithinPersonLimit(other, "shots").then(
          () => "ok",
          () => "refused",
        ),
      ),
    );
    expect(answers.filter((a) => a === "ok")).toHaveLength(10);
  });
});
