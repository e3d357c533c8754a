import { describe, expect, it } from "vitest";
import { claimGroups, parseRoleMap, roleForGroups } from "./role-map";

describe("role mapping of company sign-in", () => {
  const map = parseRoleMap("studio-admins=admin, marketing=editor ,viewers=reviewer");

  it("reads group=role pairs", () => {
    expect([...map]).toEqual([
      ["studio-admins", "admin"],
      ["marketing", "editor"],
      ["viewers", "reviewer"],
    ]);
    expect([...parseRoleMap("")]).toEqual([]);
    // A group name may itself hold "=": the last one splits.
    expect([...parseRoleMap("team=design=editor")]).toEqual([["team=design", "editor"]]);
  });

  it("refuses what is not group=role, or an unknown role, with words", () => {
    expect(() => parseRoleMap("marketing")).toThrow(/is not group=role/);
    expect(() => parseRoleMap("=admin")).toThrow(/is not group=role/);
    expect(() => parseRoleMap("marketing=owner")).toThrow(/must be admin, editor or reviewer/);
  });

  it("gives the highest role of the groups that match, else the default", () => {
    expect(roleForGroups(["marketing", "studio-admins"], map, "reviewer")).toBe("admin");
    expect(roleForGroups(["viewers", "marketing"], map, "reviewer")).toBe("editor");
    expect(roleForGroups(["viewers"], map, "editor")).toBe("reviewer");
    expect(roleForGroups(["finance"], map, "reviewer")).toBe("reviewer");
    expect(roleForGroups([], map, "editor")).toBe("editor");
  });

  it("reads a claim of groups as a list or one string, ignoring anything else", () => {
    expect(claimGroups(["a", 1, "b", null])).toEqual(["a", "b"]);
    expect(claimGroups("marketing")).toEqual(["marketing"]);
    expect(claimGroups(undefined)).toEqual([]);
    expect(claimGroups({ marketing: true })).toEqual([]);
  });
});
