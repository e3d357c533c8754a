import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, control, createProduct, loraReadyProduct, serviceCalls } from "./client";
import { cookiesForEveryRole, type RoleCookies } from "./users";

let who: RoleCookies & { emails: Record<string, string> };
let product: { id: string };
let editorId: string;

const setLimit = (kind: "shots" | "trainings", limit: number | null, cookie = who.admin) =>
  api("/api/budgets", { method: "PUT", cookie, json: { scope: "user", subject: editorId, kind, limit } });
const calls = async (ending: string) =>
  Object.entries(await serviceCalls())
    .filter(([key]) => key.startsWith("POST") && key.includes(ending))
    .reduce((sum, [, n]) => sum + n, 0);
const shot = (aspect_ratio = "1:1") =>
  api("/api/predictions", {
    cookie: who.editor,
    json: { product_id: product.id, prompt: "on a slate roof", aspect_ratio },
  });

beforeAll(async () => {
  who = await cookiesForEveryRole("budget");
  product = await loraReadyProduct(who.editor, "Budget bottle");
  const users = (await (await api("/api/users", { cookie: who.admin })).json()) as { id: string; email: string }[];
  editorId = users.find((u) => u.email === who.emails.editor)!.id;
}, 90_000);

afterAll(async () => {
  // Other files share this app: no limit outlives this one.
  await setLimit("shots", null);
  await setLimit("trainings", null);
});

describe("monthly budgets", () => {
  it("only admins set limits, and a limit must be a whole number", async () => {
    expect((await setLimit("shots", 2, who.editor)).status).toBe(403);
    const bad = await setLimit("shots", 2.5);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      error: "Bad Request",
      message: "limit must be a whole number, or null for no limit",
    });
    const nobody = await api("/api/budgets", {
      method: "PUT",
      cookie: who.admin,
      json: { scope: "user", subject: "no-such-person", kind: "shots", limit: 1 },
    });
    expect(nobody.status).toBe(404);
  });

  it("lets a shot under the person's limit through and refuses one over it without asking the service", async () => {
    expect((await setLimit("shots", 2)).status).toBe(200);
    await control("/calls", { method: "DELETE" });
    expect((await shot()).status).toBe(201);
    expect(await calls("/prediction/")).toBe(1);

    const tooMany = await api("/api/predictions/batch", {
      cookie: who.editor,
      json: { product_id: product.id, prompt: "x", aspect_ratios: ["1:1", "16:9"] },
    });
    expect(tooMany.status).toBe(429);
    expect(await tooMany.json()).toEqual({
      error: "budget_reached",
      message: expect.stringMatching(
        /^This asks for 2 shots, but only 1 is left of your monthly budget of 2 shots \(1 used this month\)\. It resets on 1 \w+ \d{4} \(UTC\)/,
      ),
    });
    expect(Number(tooMany.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await calls("/prediction/")).toBe(1);

    expect((await shot("16:9")).status).toBe(201);
    expect(await calls("/prediction/")).toBe(2);
    const over = await shot("9:16");
    expect(over.status).toBe(429);
    expect((await over.json()).message).toMatch(
      /^Your monthly budget of 2 shots is used up: 2 used this month, none left\./,
    );
    expect(await calls("/prediction/")).toBe(2);

    const mine = await (await api("/api/budgets", { cookie: who.editor })).json();
    expect(mine.mine.find((s: { kind: string }) => s.kind === "shots")).toEqual({
      kind: "shots",
      used: 2,
      limit: 2,
      left: 0,
    });
  });

  it("refuses a training past the person's limit without asking the service", async () => {
    expect((await setLimit("trainings", 0)).status).toBe(200);
    const fresh = await (await createProduct(who.editor, "1", "Untrained bottle", ["label", "cap"])).json();
    await control("/calls", { method: "DELETE" });
    const start = await api(`/api/products/${fresh.id}/lora`, { method: "POST", cookie: who.editor });
    expect(start.status).toBe(429);
    expect((await start.json()).message).toMatch(/^Your monthly budget of 0 trainings is used up/);
    expect(await calls("generate-lora")).toBe(0);
  });
});
