import { describe, expect, it } from "vitest";
import {
  changePasswordSchema,
  GUESSABLE_MESSAGE,
  LENGTH_MESSAGE,
  newPasswordSchema,
  PASSWORD_MIN_LENGTH,
} from "./password";

describe("password rule", () => {
  it("needs 12 characters: 11 are refused, 12 pass", () => {
    const eleven = "kq7-vbn-rtz".slice(0, PASSWORD_MIN_LENGTH - 1);
    expect(eleven).toHaveLength(11);
    expect(newPasswordSchema.safeParse(eleven).error?.issues[0]?.message).toBe(LENGTH_MESSAGE);
    expect(newPasswordSchema.safeParse("kq7-vbn-rtzw").success).toBe(true);
  });

  it("refuses common passwords however long, in words for people", () => {
    for (const common of ["password1234", "qwertyuiop123", "123456789012", "iloveyou1234", "passwordpassword"]) {
      expect(newPasswordSchema.safeParse(common).error?.issues[0]?.message, common).toBe(GUESSABLE_MESSAGE);
    }
    expect(newPasswordSchema.safeParse("tidal-lantern-93").success).toBe(true);
  });

  it("asks for the current password and a different new one", () => {
    expect(changePasswordSchema.safeParse({ current_password: "", new_password: "tidal-lantern-93" }).success).toBe(
      false,
    );
    const same = changePasswordSchema.safeParse({
      current_password: "tidal-lantern-93",
      new_password: "tidal-lantern-93",
    });
    expect(same.error?.issues[0]?.message).toMatch(/differ/);
  });
});
