import { ADMIN, expect, expectAccessible, shot, signIn, test } from "./fixtures";
import { AppNavBar } from "./pages/app-nav";

test("a signed-out visit lands on sign-in and returns to the page asked for", async ({ page, consoleErrors }) => {
  await page.goto("/gallery");
  await expect(page).toHaveURL(/\/sign-in\?next=%2Fgallery/);
  await expect(page.getByRole("heading", { name: "Sign in to Product Studio" })).toBeVisible();
  await expectAccessible(page);
  await page.screenshot(shot("sign-in"));

  // The form's rule loads with the first check, not with the page: an empty form is told so in
  // the browser, before anything is sent.
  const sent: string[] = [];
  page.on("request", (r) => new URL(r.url()).pathname === "/api/session" && sent.push(r.method()));
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Enter your email address" })).toBeVisible();
  expect(sent).toEqual([]);

  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "do not match an account" })).toBeVisible();
  // The 401 of a wrong password is expected here, not a defect of the page.
  consoleErrors.length = 0;

  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/gallery$/);
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  await page.screenshot(shot("after-sign-in"));

  await new AppNavBar(page).signOut();
  await page.goto("/");
  await expect(page).toHaveURL(/\/sign-in/);
});

test("too many wrong passwords: the form says when to try again", async ({ page, consoleErrors }) => {
  // A person of their own, so the lock does not touch the admin the other journeys sign in as.
  await signIn(page);
  const email = `locked-${Date.now()}@studio.test`;
  const created = await page.request.post("/api/users", {
    data: { email, role: "reviewer", password: "hazel-bridge-lamp-7" },
  });
  expect(created.status()).toBe(201);
  await new AppNavBar(page).signOut();

  await page.getByLabel("Email").fill(email);
  for (let i = 0; i < 5; i++) {
    await page.getByLabel("Password").fill(`wrong-guess-${i}`);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "do not match an account" })).toBeVisible();
  }
  await page.getByLabel("Password").fill("hazel-bridge-lamp-7");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Too many attempts" })).toHaveText(
    "Too many attempts. Try again in 5 minutes.",
  );
  await expectAccessible(page);
  await page.screenshot(shot("sign-in-locked"));
  // The 401s and the 429 are expected answers here, not defects of the page.
  consoleErrors.length = 0;
});
