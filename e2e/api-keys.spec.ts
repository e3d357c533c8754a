import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, expectAccessible, shot, signIn, test } from "./fixtures";

// API keys from the Account menu and, for service accounts, the Users page: the secret is shown
// once, a real request from outside the browser (Node's fetch, no cookie) works with it, and once
// revoked the next one is refused in words.

const secrets: string[] = [];

// No key the journeys made reached the app's log, whole or in part.
test.afterAll(async ({ stack }, testInfo) => {
  if (process.env.E2E_BASE_URL || !stack) return;
  const log = readFileSync(path.join(__dirname, "..", "test-results", `e2e-app-${testInfo.parallelIndex}.log`), "utf8");
  for (const secret of secrets) expect(log).not.toContain(secret.slice(4, 24));
});

/** A request as another system sends it: its own HTTP client, the key, no cookie, no Origin. */
async function withKey(
  baseURL: string,
  secret: string,
  pathname: string,
  init: { method?: string; json?: unknown } = {},
) {
  const response = await fetch(`${baseURL}${pathname}`, {
    method: init.method ?? (init.json ? "POST" : "GET"),
    headers: { authorization: `Bearer ${secret}`, ...(init.json ? { "content-type": "application/json" } : {}) },
    body: init.json ? JSON.stringify(init.json) : undefined,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

test("a person creates a key, sees it once, uses it from a script, and revokes it", async ({ page, baseURL }) => {
  await signIn(page);
  await page.goto("/account/keys");
  await expect(page.getByRole("heading", { name: "API keys", level: 1 })).toBeVisible();
  const list = page.getByRole("list", { name: "Your keys" });
  const name = `Journey script ${Date.now()}`;

  await page.getByLabel("Key name").fill(name);
  await page.getByLabel("Role").selectOption("editor");
  await page.getByLabel("Expires").selectOption("7");
  await page.getByRole("button", { name: "Create key" }).click();
  const shown = page.getByLabel("New API key");
  await expect(shown).toHaveText(/^psk_[A-Za-z0-9_-]{43}$/);
  const secret = (await shown.textContent())!;
  secrets.push(secret);
  const row = list.getByRole("listitem").filter({ hasText: name });
  await expect(row).toContainText("Role editor");
  await expect(row).toContainText("Never used");
  await expect(row).toContainText(secret.slice(0, 8));
  await expectAccessible(page);
  await page.screenshot(shot("api-keys-created"));

  // The app answers the key as the admin at the key's role: an editor may not manage users.
  const session = await withKey(baseURL!, secret, "/api/session");
  expect(session).toEqual({
    status: 200,
    body: { user: expect.objectContaining({ email: "admin@studio.test", role: "editor" }) },
  });
  expect(await withKey(baseURL!, secret, "/api/users")).toEqual({
    status: 403,
    body: { error: "Forbidden", message: "Your role (editor) does not allow this." },
  });

  // Shown once: a new visit lists the key, used now, without its secret.
  await page.reload();
  await expect(row).toContainText("Last used");
  await expect(shown).toHaveCount(0);
  await expect(page.getByText(secret)).toHaveCount(0);

  await row.getByRole("button", { name: `Revoke ${name}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Revoke key" }).click();
  await expect(row).toHaveCount(0);
  expect(await withKey(baseURL!, secret, "/api/session")).toEqual({
    status: 401,
    body: {
      error: "Unauthorized",
      message: `The API key “${name}” was revoked. Create a new one under Account → API keys.`,
    },
  });

  // The Activity page names the key by its name.
  await page.goto("/activity");
  await expect(page.getByRole("main")).toContainText(`revoked the API key “${name}”`);
});

test("an admin adds a service account on the Users page and gives its system a key", async ({ page, baseURL }) => {
  await signIn(page);
  await page.goto("/users");
  const name = `PIM sync ${Date.now()}`;
  await page.getByLabel("Service account name").fill(name);
  await page.getByLabel("Service account role").selectOption("editor");
  await page.getByRole("button", { name: "Add service account" }).click();
  await expect(page.getByRole("heading", { name: `Service account “${name}”` })).toBeVisible();
  // A service account is at most an editor, and so are its keys.
  await expect(page.getByLabel("Role").locator("option")).toHaveText(["editor", "reviewer"]);

  await page.getByLabel("Key name").fill("Nightly import");
  await page.getByRole("button", { name: "Create key" }).click();
  const secret = (await page.getByLabel("New API key").textContent())!;
  secrets.push(secret);
  await expectAccessible(page);

  const session = await withKey(baseURL!, secret, "/api/session");
  expect(session.status).toBe(200);
  expect(session.body.user).toMatchObject({
    role: "editor",
    email: expect.stringMatching(/@service-account\.invalid$/),
  });
  // A key cannot make itself more keys.
  expect(
    await withKey(baseURL!, secret, "/api/keys", { json: { name: "Copy", role: "editor", expires_in_days: 7 } }),
  ).toEqual({
    status: 403,
    body: { error: "Forbidden", message: "API keys cannot do this: sign in to Product Studio and do it there." },
  });

  await page.getByRole("link", { name: "← Users" }).click();
  const account = page.getByRole("list", { name: "Service accounts" }).getByRole("listitem").filter({ hasText: name });
  await expect(account).toContainText("1 key in use");
  // Nobody signs in as it.
  const email = (session.body.user as { email: string }).email;
  const signInAsIt = await fetch(`${baseURL}/api/session`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseURL! },
    body: JSON.stringify({ email, password: "anything-at-all-123" }),
  });
  expect(signInAsIt.status).toBe(401);

  // Deleting the service account stops its keys at once.
  await account.getByRole("link", { name: `Keys of ${name}` }).click();
  await page.getByRole("button", { name: "Delete service account" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete service account" }).click();
  await expect(page).toHaveURL(/\/users$/);
  await expect(account).toHaveCount(0);
  expect((await withKey(baseURL!, secret, "/api/session")).status).toBe(401);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("the keys page fits a phone and its buttons are easy to press", async ({ page }) => {
    await signIn(page);
    await page.goto("/account/keys");
    await page.getByLabel("Key name").fill(`Phone ${Date.now()}`);
    await page.getByRole("button", { name: "Create key" }).click();
    secrets.push((await page.getByLabel("New API key").textContent())!);
    for (const button of await page.getByRole("main").getByRole("button").all()) {
      expect((await button.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot(shot("api-keys-phone"));
  });
});
