import { expect, expectAccessible, shot, test } from "./fixtures";

// The API reference for integrators: /docs/api shows GET /api/openapi.json with Scalar, served
// from the studio itself (no CDN; the page's CSP allows no other origin), without signing in.

test("the API reference opens without an account and shows the routes, their bodies and errors", async ({ page }) => {
  // Scalar reads and lays out the whole document (and axe then checks all of it): a slow page.
  test.slow();
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url());
  });

  await page.goto("/docs/api");
  await expect(page).toHaveURL(/\/docs\/api$/);
  await expect(page.getByRole("heading", { level: 1, name: "Product Studio API reference" })).toBeVisible();
  // Scalar's own rendering of the document: its title and an operation of the main workflow.
  await expect(page.getByRole("heading", { name: "Product Studio API", exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: /^Sign in with an email and a password/ })).toBeVisible();
  // A person opens the shots' group in the sidebar and reads how to make one: its body's fields.
  const makeShot = "Make a shot: one prediction of a product in a scene and an aspect ratio";
  await page.getByRole("link", { name: "Predictions", exact: true }).click();
  await expect(page.getByRole("heading", { name: makeShot })).toBeVisible();
  const section = page
    .locator("section")
    .filter({ has: page.getByRole("heading", { name: makeShot }) })
    .last();
  await expect(section.getByText("aspect_ratio", { exact: true }).first()).toBeVisible();
  // Nothing that would call scalar.com: no AI chat.
  await expect(page.getByRole("button", { name: "Ask AI" })).toHaveCount(0);
  await page.screenshot(shot("api-reference"));
  await expectAccessible(page);

  // Nothing came from another origin: Scalar's fonts, telemetry and proxy stay off.
  const origin = new URL(page.url()).origin;
  expect(scripts.filter((url) => new URL(url).origin !== origin)).toEqual([]);
  expect(scripts.filter((url) => url.endsWith("/docs/api/scalar.js"))).toHaveLength(1);
});

test("another page loads nothing of the reference", async ({ page }) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url());
  });
  await page.goto("/sign-in");
  await expect(page.getByRole("heading", { name: "Sign in to Product Studio" })).toBeVisible();
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((url) => url.includes("scalar"))).toEqual([]);
});

test("the OpenAPI document is served as JSON to anyone", async ({ request }) => {
  const answer = await request.get("/api/openapi.json");
  expect(answer.status()).toBe(200);
  const document = (await answer.json()) as { openapi: string; paths: Record<string, unknown> };
  expect(document.openapi).toBe("3.1.0");
  expect(Object.keys(document.paths)).toContain("/api/predictions");
});
