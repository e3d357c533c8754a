import { expect, expectAccessible, shot, signIn, test } from "./fixtures";

// The team makes a link; a client opens it signed out on a phone, types their name once, approves
// one image and comments on another; the team reads "via link: <name>" in the review history and
// the activity log. The maker's switch on the Shares page takes the buttons away and back.

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
const NAME = "Maria Kovač";
const COMMENT = "Warmer light, please <b>less</b> glare";

test("a client signs off through a link on a phone, and the team sees it under their name", async ({
  page,
  browser,
  service,
}) => {
  test.setTimeout(120_000);
  await service.post("/seed", { count: 2 });
  await signIn(page);
  // Two finished shots, oldest first (other journeys may add more meanwhile).
  let shots: { id: string; images: string[] }[] = [];
  await expect
    .poll(
      async () => {
        const list = (await (await page.request.get("/api/predictions?sort=oldest&limit=50")).json()) as {
          items: typeof shots;
        };
        shots = list.items.filter((p) => p.images.length > 0).slice(0, 2);
        return shots.length;
      },
      { timeout: 30_000 },
    )
    .toBe(2);
  const title = `Client sign-off ${Date.now()}`;
  const created = await page.request.post("/api/shares", {
    data: {
      filter: { sort: "oldest" },
      prediction_ids: shots.map((p) => p.id),
      expires_in_days: 7,
      title,
      sign_off: true,
    },
  });
  expect(created.status()).toBe(201);
  const { url } = await created.json();

  // The maker turns sign-off off on the Shares page: the link shows its images without buttons.
  await page.goto("/shares");
  const row = page.getByRole("listitem", { name: title });
  const toggle = row.getByRole("switch", { name: /Client can approve and comment/ });
  await expect(toggle).toBeChecked();
  await toggle.click();
  await expect(toggle).not.toBeChecked();
  await expectAccessible(page);
  await page.screenshot(shot("share-signoff-shares-page"));

  const client = await browser.newContext(PHONE);
  const visitor = await client.newPage();
  await visitor.goto(url);
  const grid = visitor.getByRole("list", { name: "Shared shots" });
  await expect(grid.getByRole("img").first()).toBeVisible();
  await expect(visitor.getByRole("button", { name: /^Approve/ })).toHaveCount(0);
  await expect(visitor.getByLabel("Your name")).toHaveCount(0);

  await toggle.click();
  await expect(toggle).toBeChecked();
  await visitor.reload();
  const first = grid.getByRole("listitem").first();
  const second = grid.getByRole("listitem").nth(shots[0].images.length);
  await expect(first.getByRole("button", { name: "Approve image 1" })).toBeVisible();

  // Without a name, the page asks for it first.
  await first.getByRole("button", { name: "Approve image 1" }).tap();
  await expect(first.getByRole("alert")).toHaveText("Type your name at the top of the page first.");
  await expect(visitor.getByLabel("Your name")).toBeFocused();
  await expectAccessible(visitor);
  await visitor.screenshot(shot("share-signoff-phone-name"));
  await visitor.getByLabel("Your name").fill(`  ${NAME}  `);
  await visitor.getByRole("button", { name: "Save name" }).tap();
  await expect(visitor.getByText(`Approving and commenting as ${NAME}`)).toBeVisible();

  const approve = first.getByRole("button", { name: "Approve image 1" });
  const box = await approve.boundingBox();
  expect(box?.height).toBeGreaterThanOrEqual(44);
  await approve.tap();
  await expect(first.getByRole("status")).toHaveText(`Approved as ${NAME}.`);
  await expect(first.getByRole("button", { name: "Approved image 1" })).toBeDisabled();

  const imageNumber = shots[0].images.length + 1;
  await second.getByRole("button", { name: `Comment image ${imageNumber}` }).tap();
  await second.getByLabel(`Your comment image ${imageNumber}`).fill(COMMENT);
  await second.getByRole("button", { name: `Send comment image ${imageNumber}` }).tap();
  await expect(second.getByRole("status")).toHaveText(`Comment sent as ${NAME}.`);
  await expectAccessible(visitor);
  await visitor.screenshot(shot("share-signoff-phone"));

  // Asked once: the name is remembered for this link.
  await visitor.reload();
  await expect(visitor.getByText(`Approving and commenting as ${NAME}`)).toBeVisible();
  await expect(visitor.getByLabel("Your name")).toHaveCount(0);
  await client.close();

  // The team reads the client's sign-off under their name, the comment as the text it was.
  await page.goto(`/predictions/${shots[0].id}`);
  const approvedHistory = page.getByRole("list", { name: /Review history/ }).first();
  await expect(approvedHistory.getByText(new RegExp(`via link: ${NAME} approved`))).toBeVisible();
  await page.goto(`/predictions/${shots[1].id}`);
  const commentHistory = page.getByRole("list", { name: /Review history/ }).first();
  await expect(commentHistory.getByText(new RegExp(`via link: ${NAME} commented`))).toBeVisible();
  await expect(commentHistory.getByText(`“${COMMENT}”`)).toBeVisible();
  await expectAccessible(page);
  await page.screenshot(shot("share-signoff-history"));

  await page.goto("/activity");
  await expect(page.getByText(`via link: ${NAME}`).first()).toBeVisible();

  // The link page on a laptop, for a first-time visitor of this browser.
  await page.goto(url);
  await expect(page.getByLabel("Your name")).toBeVisible();
  await expectAccessible(page);
  await page.screenshot(shot("share-signoff-desktop"));
});
