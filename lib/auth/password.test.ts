import { describe, expect, it } from "vitest";
import { hashPassword, verifyAgainstDummy, verifyPassword } from "./password";

describe("password hashing", () => {
  it("hashes with parameters in the string and verifies", async () => {
    const hash = await hashPassword("correct horse");
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(await verifyPassword("correct horse", hash)).toBe(true);
    expect(await verifyPassword("wrong horse", hash)).toBe(false);
  });

  it("salts every hash", async () => {
    expect(await hashPassword("same")).not.toBe(await hashPassword("same"));
  });

  it("refuses malformed or hostile hashes", async () => {
    expect(await verifyPassword("x", "")).toBe(false);
    expect(await verifyPassword("x", "bcrypt$1$2$3$4$5")).toBe(false);
    expect(await verifyPassword("x", "scrypt$1073741824$8$1$c2FsdA$aGFzaGhhc2hoYXNoaGFzaA")).toBe(false);
    const hash = await hashPassword("pw");
    expect(await verifyPassword("pw", hash.slice(0, -4))).toBe(false);
  });

  it("the dummy check always fails", async () => {
    expect(await verifyAgainstDummy("anything")).toBe(false);
  });
});
