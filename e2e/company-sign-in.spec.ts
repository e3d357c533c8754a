import type { APIRequestContext, Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import path from "node:path";
import { scanForSecrets } from "../test/log-scan";
import { ADMIN, expect, expectAccessible, shot, signIn, test } from "./fixtures";
import { AppNavBar } from "./pages/app-nav";

// Signing in with the company's account, through a real identity provider (oidc-provider on a
// port of its own, e2e/stack.ts): ana and ben at acme.test (the allowed domain), eve elsewhere.
test.use({ companySignIn: true });

const BUTTON = "Sign in with Acme";

// Nothing of the sign-ins reached the app's log: not the client secret, not a sealed cookie (the
// flow's or the session's), not the provider's answer (its code and state travel in the query).
test.afterAll(async ({ stack }, testInfo) => {
  if (!stack.oidc) throw new Error("the company sign-in journeys need their own installation (not E2E_BASE_URL)");
  const log = readFileSync(path.join(__dirname, "..", "test-results", `e2e-app-${testInfo.parallelIndex}.log`), "utf8");
  expect(log).toContain('"path":"/api/session/sso/callback"');
  const findings = scanForSecrets(log, [{ name: "the OIDC client secret", value: stack.oidc.clientSecret }]);
  expect(findings).toEqual([]);
  expect(log).not.toMatch(/callback\?|[?&]code=|[?&]state=/);
});

/** The provider's own sign-in form, as a person fills it. */
async function atProvider(page: Page, email: string, password: string) {
  await expect(page.getByRole("heading", { name: "Local identity provider" })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Continue" }).click();
}

async function account(api: APIRequestContext, email: string) {
  const users = (await (await api.get("/api/users")).json()) as {
    id: string;
    email: string;
    role: string;
    disabled: boolean;
  }[];
  return users.find((user) => user.email === email) ?? null;
}

async function auditActions(api: APIRequestContext, email: string) {
  const page = (await (await api.get("/api/audit?limit=50")).json()) as {
    items: { actor: { email: string }; action: string; detail: unknown }[];
  };
  return page.items
    .filter((item) => item.actor.email === email)
    .map(({ action, detail }) => ({ action, detail }))
    .reverse();
}

test("a first company sign-in makes a reviewer account and returns to the page asked for", async ({ page, api }) => {
  expect(await account(api, "ana@acme.test")).toBeNull();
  await page.goto("/gallery");
  await expect(page).toHaveURL(/\/sign-in\?next=%2Fgallery/);
  await expect(page.getByRole("link", { name: BUTTON })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot(shot("company-sign-in"));

  await page.getByRole("link", { name: BUTTON }).click();
  await atProvider(page, "ana@acme.test", "ana-password");
  await expect(page).toHaveURL(/\/gallery$/);
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  // She has no password here, so none is offered to change.
  await new AppNavBar(page).accountButton.click();
  await expect(page.getByRole("menu", { name: "Account" }).getByRole("menuitem")).toHaveText([
    "Usage",
    "Settings",
    "API keys",
    "Sign out",
  ]);
  await page.keyboard.press("Escape");

  expect(await account(api, "ana@acme.test")).toMatchObject({ role: "reviewer", disabled: false });
  expect(await auditActions(api, "ana@acme.test")).toEqual([
    { action: "user.created_by_company_sign_in", detail: { role: "reviewer" } },
    { action: "sign_in.company", detail: {} },
  ]);
  // The flow's cookie went with the sign-in: only the session and the device remain.
  const cookies = (await page.context().cookies())
    .filter((cookie) => cookie.domain === "localhost")
    .map((cookie) => cookie.name);
  expect(cookies.sort()).toEqual(["ps_device", "ps_session"]);
});

test("a person of another domain is refused in words, and no account is made", async ({ page, api }) => {
  await page.goto("/sign-in");
  await page.getByRole("link", { name: BUTTON }).click();
  await atProvider(page, "eve@elsewhere.test", "eve-password");
  await expect(page).toHaveURL(/\/sign-in\?sso=domain$/);
  await expect(page.getByRole("main").getByRole("alert")).toHaveText(
    "Your company account's email is not one that may use Product Studio. Ask an admin to add you.",
  );
  await expectAccessible(page);
  await page.screenshot(shot("company-sign-in-refused"));
  expect(await account(api, "eve@elsewhere.test")).toBeNull();
  expect(await auditActions(api, "eve@elsewhere.test")).toEqual([
    {
      action: "sign_in.company_refused",
      detail: { reason: "domain", why: "elsewhere.test is not in OIDC_ALLOWED_DOMAINS" },
    },
  ]);
});

test("a person an admin turned off cannot come back through the company sign-in", async ({
  page,
  api,
  consoleErrors,
}) => {
  await page.goto("/sign-in");
  await page.getByRole("link", { name: BUTTON }).click();
  await atProvider(page, "ben@acme.test", "ben-password");
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();

  const ben = await account(api, "ben@acme.test");
  expect((await api.patch(`/api/users/${ben!.id}`, { data: { disabled: true } })).status()).toBe(200);
  await page.reload();
  await expect(page).toHaveURL(/\/sign-in/);
  // The page Ben had open heard 401s once his account was turned off: expected, not a defect.
  consoleErrors.length = 0;
  // The provider still knows Ben (no form this time): the app is what refuses him.
  await page.getByRole("link", { name: BUTTON }).click();
  await expect(page).toHaveURL(/\/sign-in\?sso=disabled$/);
  await expect(page.getByRole("main").getByRole("alert")).toHaveText(
    "Your account is turned off. Ask an admin to turn it back on.",
  );
  expect((await auditActions(api, "ben@acme.test")).at(-1)).toEqual({
    action: "sign_in.company_refused",
    detail: { reason: "disabled" },
  });
});

test("cancelling at the company's page says so on the sign-in page", async ({ page }) => {
  await page.goto("/sign-in");
  await page.getByRole("link", { name: BUTTON }).click();
  await expect(page.getByRole("heading", { name: "Local identity provider" })).toBeVisible();
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toHaveText(
    "The sign-in was cancelled at your company's sign-in page. Try again when you are ready.",
  );
  // An old or replayed answer from the provider finds no flow to finish.
  await page.goto("/api/session/sso/callback?code=stale&state=stale");
  await expect(page.getByRole("main").getByRole("alert")).toHaveText(
    "That sign-in took too long or was already used. Start again with the button below.",
  );
});

test("an admin leaves password sign-in to the break-glass admin alone", async ({
  page,
  api,
  consoleErrors,
  playwright,
  baseURL,
}) => {
  const email = `kim-${Date.now()}@acme.test`;
  const password = "maple-lantern-drift-8";
  expect((await api.post("/api/users", { data: { email, role: "editor", password } })).status()).toBe(201);

  await signIn(page);
  await new AppNavBar(page).openAdminPage("Users");
  const section = page.getByRole("region", { name: "Password sign-in" });
  await section.getByLabel("Only the break-glass admin").check();
  await section.getByLabel("Break-glass admin", { exact: true }).selectOption({ label: ADMIN.email });
  await section.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText(`Only ${ADMIN.email} may sign in with a password now.`)).toBeVisible();
  await expectAccessible(page);
  await page.screenshot(shot("password-sign-in-switch"));
  await new AppNavBar(page).signOut();

  try {
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByRole("main").getByRole("alert")).toHaveText(
      "Password sign-in is turned off here. Use “Sign in with Acme” instead.",
    );
    // The 403 is the expected answer here, not a defect of the page.
    consoleErrors.length = 0;
    // The break-glass admin still signs in with a password.
    await page.getByLabel("Email").fill(ADMIN.email);
    await page.getByLabel("Password").fill(ADMIN.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  } finally {
    // Signing out ended the admin's other sessions: a fresh one (the break-glass admin's password works).
    const admin = await playwright.request.newContext({ baseURL });
    expect((await admin.post("/api/session", { data: ADMIN })).status()).toBe(200);
    expect((await admin.put("/api/settings/password-sign-in", { data: { mode: "everyone" } })).status()).toBe(200);
    await admin.dispose();
  }
  // Turned back on, Kim's password works again.
  const kim = await playwright.request.newContext({ baseURL });
  expect((await kim.post("/api/session", { data: { email, password } })).status()).toBe(200);
  await kim.dispose();
});
