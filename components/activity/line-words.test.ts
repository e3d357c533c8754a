import { describe, expect, it } from "vitest";
import type { AuditLine } from "@/hooks/use-audit";
import { lineDetail } from "./line-words";

const line = (action: AuditLine["action"], detail: AuditLine["detail"]): AuditLine => ({
  id: "1",
  at: "2026-11-26T10:00:00.000Z",
  actor: { id: "u", email: "pim@service-account.invalid" },
  action,
  words: "",
  product: null,
  prediction: null,
  target_email: null,
  detail,
});

describe("an Activity line's words", () => {
  it("names the API key an action was done with, after the action's own facts", () => {
    expect(lineDetail(line("campaign.created", { name: "Spring", shots: 4, via_key: "PIM import" }))).toBe(
      " “Spring” of 4 shots via key “PIM import”",
    );
    expect(lineDetail(line("review.recorded", { review: "approve", image: 0, via_key: "Review bot" }))).toBe(
      " (image 1) via key “Review bot”",
    );
    expect(lineDetail(line("product.created", {}))).toBe("");
  });

  it("says which key was made or revoked, whose, and what a key changed that has no words of its own", () => {
    expect(lineDetail(line("api_key.created", { name: "Nightly", role: "editor", owner: "DAM export" }))).toBe(
      " “Nightly” of DAM export (role editor)",
    );
    expect(lineDetail(line("api_key.revoked", { name: "Nightly" }))).toBe(" “Nightly”");
    expect(lineDetail(line("api_key.used", { method: "POST", route: "/api/notifications/read", via_key: "Bot" }))).toBe(
      " POST /api/notifications/read via key “Bot”",
    );
    expect(lineDetail(line("service_account.created", { name: "DAM export", role: "editor" }))).toBe(
      " “DAM export” (role editor)",
    );
  });
});
