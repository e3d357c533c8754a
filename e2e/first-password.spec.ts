import { expect, expectAccessible, signIn, test } from "./fixtures";

// Someone an admin invited signs in with the one-time password and chooses their own at once,
// without typing the one-time password a second time; a later change asks for the current one.

test("the forced first change asks only for the new password; a later change asks for the current one", async ({
  page,
  api,
  baseURL,
}) => {
  const email = `first-${Date.now()}@studio.test`;
  const invited = await api.post("/api/users", { data: { email, role: "editor" } });
  expect(invited.status()).toBe(201);
  const { password } = (await invited.json()) as { password: string };

  await signIn(page, { email, password });
  await expect(page.getByRole("heading", { name: "Choose your own password" })).toBeVisible();
  await expect(page.getByLabel("Current password")).toHaveCount(0);
  // The rule loads with the first check (zxcvbn's list is not among the page's first scripts):
  // a common password is refused in the browser, before anything is sent.
  const sent: string[] = [];
  page.on("request", (r) => r.url().endsWith("/api/account/password") && sent.push(r.method()));
  await page.getByLabel("New password", { exact: true }).fill("password1234");
  await page.getByLabel("New password again").fill("password1234");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("That password is too common or too easy to guess.")).toBeVisible();
  expect(sent).toEqual([]);
  await page.getByLabel("New password", { exact: true }).fill("copper-meadow-lantern-3");
  await page.getByLabel("New password again").fill("copper-meadow-lantern-3");
  await expectAccessible(page);
  await page.screenshot({ path: "/tmp/day-shots/first-password-laptop.png" });
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Gallery" })).toBeVisible();

  // A normal change later: the current password is asked, on the page and by the server.
  await page.goto("/account/password");
  await expect(page.getByRole("heading", { name: "Change password" })).toBeVisible();
  await expect(page.getByLabel("Current password")).toBeVisible();
  const unasked = await page.request.put("/api/account/password", {
    headers: { origin: baseURL! },
    data: { new_password: "second-meadow-lantern-4" },
  });
  expect(unasked.status()).toBe(400);
  expect((await unasked.json()).message).toBe("Enter your current password.");
  await page.getByLabel("Current password").fill("copper-meadow-lantern-3");
  await page.getByLabel("New password", { exact: true }).fill("second-meadow-lantern-4");
  await page.getByLabel("New password again").fill("second-meadow-lantern-4");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Your password is changed.")).toBeVisible();
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("the forced first change fits the phone without the current password", async ({ page, api }) => {
    const email = `first-phone-${Date.now()}@studio.test`;
    const { password } = (await (await api.post("/api/users", { data: { email, role: "reviewer" } })).json()) as {
      password: string;
    };
    await signIn(page, { email, password });
    await expect(page.getByRole("heading", { name: "Choose your own password" })).toBeVisible();
    await expect(page.getByLabel("Current password")).toHaveCount(0);
    await page.screenshot({ path: "/tmp/day-shots/first-password-phone.png" });
  });
});
