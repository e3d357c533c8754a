import { describe, expect, it } from "vitest";
import { ACTIONS, ROLES, can, isRole, type Action } from "./roles";

const MATRIX: Record<string, Action[]> = {
  admin: ["view", "review", "download", "create", "manage_users"],
  editor: ["view", "review", "download", "create"],
  reviewer: ["view", "review", "download"],
};

describe("can", () => {
  for (const role of ROLES) {
    for (const action of ACTIONS) {
      const allowed = MATRIX[role].includes(action);
      it(`${role} ${allowed ? "may" : "may not"} ${action}`, () => {
        expect(can(role, action)).toBe(allowed);
      });
    }
  }

  it("recognises roles", () => {
    expect(isRole("editor")).toBe(true);
    expect(isRole("owner")).toBe(false);
    expect(isRole(undefined)).toBe(false);
  });
});
