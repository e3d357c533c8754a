import { expect, expectAccessible, shot, signIn, test } from "./fixtures";
import { createPrediction, waitForImages } from "./pages/generate-area";

test.use({ productName: "Share bottle" });

// "Share this view" in the gallery makes a link to the filtered view; it opens in a browser
// without cookies; the Shared links page revokes it, and the link then says it is gone.

test("share a gallery view from the dialog, copy it, open it without an account, revoke it", async ({
  page,
  browser,
  context,
  readyProduct: product,
}) => {
  test.setTimeout(120_000);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signIn(page);
  await waitForImages(
    page.request,
    await createPrediction(page.request, product.id, `on a jetty at dawn ${Date.now()}`, "1:1"),
  );

  await page.goto("/gallery?aspect_ratio=1:1&sort=oldest");
  await page.getByRole("button", { name: "Share this view" }).click();
  const dialog = page.getByRole("dialog", { name: "Share this view" });
  // Before the link is made the dialog says how many images it will hold: the view's finished ones now.
  const preview = (await (await page.request.get("/api/shares/preview?aspect_ratio=1:1&sort=oldest")).json()) as {
    count: number;
    images: number;
  };
  const { count } = preview;
  expect(count).toBeGreaterThan(0);
  expect(preview.images).toBeGreaterThanOrEqual(count);
  const images = `${preview.images.toLocaleString("en-US")} ${preview.images === 1 ? "image" : "images"}`;
  const scope = dialog.getByText(`The link will show ${images} (ratio 1:1 · oldest first)`);
  await expect(scope).toBeVisible();
  // Visitors' sign-off is a choice the dialog shows, off unless turned on; the words follow it.
  const signOff = dialog.getByRole("switch", { name: "Client can approve and comment" });
  await expect(signOff).not.toBeChecked();
  await expect(scope).toContainText("read-only, to anyone who has it");
  await expect(dialog.getByText("Off: the link only shows the images.")).toBeVisible();
  await signOff.check();
  await expect(scope).not.toContainText("read-only");
  await expect(scope).toContainText("to anyone who has it, who can approve images and comment under a name they type");
  await expect(dialog.getByText(/Their approvals count: approved images leave the review queue\./)).toBeVisible();
  await expectAccessible(page);
  await page.screenshot(shot("share-dialog-sign-off-on"));
  await signOff.uncheck();
  await expect(scope).toContainText("read-only, to anyone who has it");
  const title = `Square picks ${Date.now()}`;
  await dialog.getByLabel("Title (optional)").fill(title);
  await dialog.getByLabel("Expires after").selectOption("30");
  await expectAccessible(page);
  await page.screenshot(shot("share-dialog"));
  await dialog.getByRole("button", { name: "Create link" }).click();

  const field = dialog.getByLabel("Share link");
  await expect(field).toHaveValue(/^http:\/\/[^/]+\/share\/[A-Za-z0-9_-]{43}$/);
  await expect(dialog.getByText(`The link shows ${images}, read-only, to anyone who has it.`)).toBeVisible();
  const url = await field.inputValue();
  await dialog.getByRole("button", { name: "Copy link" }).click();
  await expect(page.getByRole("status").getByText("Link copied.")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  await page.screenshot(shot("share-dialog-created"));
  await dialog.getByRole("button", { name: "Done" }).click();
  await expect(dialog).toBeHidden();

  // A stranger: no cookies, only this view.
  const stranger = await browser.newContext();
  expect(await stranger.cookies()).toEqual([]);
  const visitor = await stranger.newPage();
  await visitor.goto(url);
  await expect(visitor.getByRole("heading", { name: title })).toBeVisible();
  await expect(visitor.getByRole("list", { name: "Shared shots" }).getByRole("img").first()).toBeVisible();
  const shared = (await (await stranger.request.get(url.replace("/share/", "/api/share/"))).json()) as {
    items: { id: string }[];
    sign_off: boolean;
  };
  expect(shared.items).toHaveLength(count);
  // Read-only as the dialog said: no buttons, and the API refuses a visitor's approval.
  expect(shared.sign_off).toBe(false);
  await expect(visitor.getByRole("button", { name: /^Approve/ })).toHaveCount(0);
  const refused = await stranger.request.post(url.replace("/share/", "/api/share/") + "/sign-off", {
    data: { name: "Bob from Agency", prediction_id: shared.items[0].id, image_index: 0, action: "approve" },
  });
  expect(refused.status()).toBe(403);

  // The Shared links page lists it as active, with its filter in words; revoke asks first.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Shared links" }).click();
  const item = page.getByRole("list", { name: "Shared links" }).getByRole("listitem", { name: title });
  await expect(item.getByText("active", { exact: true })).toBeVisible();
  await expect(item.getByText(`${images} · ratio 1:1 · oldest first`)).toBeVisible();
  // The address is not lost with the dialog: a fresh page of the list gives it to its maker again.
  await page.reload();
  await expect(item.getByRole("textbox", { name: `Address of “${title}”` })).toHaveValue(url);
  await item.getByRole("button", { name: `Copy link “${title}”` }).click();
  await expect(page.getByRole("status").getByText("Link copied.")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  await expectAccessible(page);
  await page.screenshot(shot("shares-list"));
  await item.getByRole("button", { name: `Revoke “${title}”` }).click();
  const confirm = page.getByRole("dialog", { name: `Revoke “${title}”?` });
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(item.getByText("active", { exact: true })).toBeVisible();
  await item.getByRole("button", { name: `Revoke “${title}”` }).click();
  await expectAccessible(page);
  await page.screenshot(shot("shares-revoke-confirm"));
  await confirm.getByRole("button", { name: "Revoke link" }).click();
  await expect(item.getByText("revoked", { exact: true })).toBeVisible();
  await expect(item.getByRole("button", { name: /Revoke/ })).toHaveCount(0);

  const gone = await visitor.goto(url);
  expect(gone?.status()).toBe(404);
  await expect(visitor.getByRole("heading", { name: "This link does not work any more" })).toBeVisible();
  await stranger.close();
});
