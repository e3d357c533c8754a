import { expect, expectAccessible, signIn, test } from "./fixtures";
import { fakePng, texturePng } from "./images";
import { NewProductPage } from "./pages/new-product-page";
import { ProductPage } from "./pages/product-page";

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

test("a product with empty slots is asked about first, renamed, given its missing texture in a new version, and archived out of the list", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const form = new NewProductPage(page);
  await form.goto();
  await form.chooseTemplate("Headphones");
  await form.name.fill(`Studio cans ${stamp}`);
  await form.chooseTexture("Ear cup finish", await texturePng("cups.png", 256));
  await expect(page.getByText(/^256×256 px · /)).toBeVisible();
  // A file the browser refuses: its slot shows the error and stays empty; the third is left empty.
  await form.chooseTexture("Headband material", fakePng());
  await expect(page.getByRole("alert").filter({ hasText: "notes.png" })).toBeVisible();

  const creates: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/api/products") creates.push(request.url());
  });

  // Asked first, naming the slots; going back creates nothing and keeps everything chosen.
  await form.create.click();
  const ask = page.getByRole("dialog", { name: "Create the product without these textures?" });
  await expect(ask).toBeVisible();
  await expect(ask).toContainText(
    "2 of 3 textures are missing: Headband material (its image could not be used), Cushion fabric.",
  );
  await expectAccessible(page);
  await ask.getByRole("button", { name: "Go back and add them" }).click();
  await expect(ask).toBeHidden();
  await expect(page).toHaveURL(/\/products\/new$/);
  expect(creates).toEqual([]);
  await expect(form.name).toHaveValue(`Studio cans ${stamp}`);

  // Asked again, and this time the person goes ahead knowingly.
  await form.create.click();
  await expect(ask).toBeVisible();
  await ask.getByRole("button", { name: "Create without them" }).click();
  await expect(page).toHaveURL(/\/products\/(?!new$)[^/]+$/);
  expect(creates).toHaveLength(1);
  const product = new ProductPage(page);
  await product.expectProduct(`Studio cans ${stamp}`);
  const id = decodeURIComponent(new URL(page.url()).pathname.split("/").pop()!);

  // Rename: kept by the app, so a reload still says it.
  await page.getByRole("button", { name: "Rename", exact: true }).click();
  // An empty name is refused before anything is sent, on the field itself.
  await page.getByLabel("New name").fill("   ");
  await page.getByRole("button", { name: "Save name" }).click();
  await expect(page.getByLabel("New name")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("New name")).toHaveAccessibleDescription("Enter a product name.");
  await page.getByLabel("New name").fill(`Studio headphones ${stamp}`);
  await page.getByRole("button", { name: "Save name" }).click();
  await product.expectProduct(`Studio headphones ${stamp}`);
  await page.reload();
  await product.expectProduct(`Studio headphones ${stamp}`);

  // The slot it lacks: a new version from its kept texture and the image chosen now, linked both ways.
  await page.getByRole("button", { name: "New version with other textures" }).click();
  const version = page.getByRole("region", { name: "New version with other textures" });
  // What each slot gets when left alone: the kept image, or nothing for the empty ones.
  const slot = (name: string) => version.getByRole("listitem").filter({ hasText: name });
  await expect(slot("Ear cup finish").getByText("this product’s image, unless you choose another")).toBeVisible();
  await expect(slot("Cushion fabric").getByText("empty in this product")).toBeVisible();
  // No name and no image: both are said at once.
  await version.getByLabel("Name of the new version").fill("");
  await version.getByRole("button", { name: "Make the new version" }).click();
  await expect(version.getByLabel("Name of the new version")).toHaveAccessibleDescription("Enter a product name.");
  await expect(version.getByRole("alert")).toHaveText(
    "Choose at least one image to replace or add: the rest come from this product.",
  );
  await version.getByLabel("Name of the new version").fill(`Studio headphones v2 ${stamp}`);
  const chooser = page.waitForEvent("filechooser");
  await version.getByRole("button", { name: "Choose the image for Cushion fabric" }).click();
  await (await chooser).setFiles(await texturePng("cushion.png", 256));
  await expect(version.getByText(/^256×256 px · /)).toBeVisible();
  await expectAccessible(page);
  await version.getByRole("button", { name: "Make the new version" }).click();
  await product.expectProduct(`Studio headphones v2 ${stamp}`);
  await expect(page).not.toHaveURL(new RegExp(`/products/${id}$`));
  for (const slot of ["Ear cup finish", "Cushion fabric"]) {
    await expect(
      page.getByRole("region", { name: "Textures" }).getByRole("img", { name: `${slot} texture` }),
    ).toBeVisible();
  }
  await page
    .getByRole("list", { name: "Versions" })
    .getByRole("link", { name: `Studio headphones ${stamp}` })
    .click();
  await product.expectProduct(`Studio headphones ${stamp}`);
  await expect(
    page.getByRole("list", { name: "Versions" }).getByRole("link", { name: `Studio headphones v2 ${stamp}` }),
  ).toBeVisible();

  // Archive: the page says so; the Products page leaves it out until archived ones are asked for.
  await page.getByRole("button", { name: "Archive", exact: true }).click();
  await expect(page.getByText(/^Archived on .*left out of lists and pickers/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Bring back from the archive" })).toBeVisible();
  await expectAccessible(page);

  await page.goto(`/products?q=${stamp}`);
  const grid = page.getByRole("list", { name: "Products" });
  await expect(grid.getByRole("listitem")).toHaveCount(1);
  await expect(grid.getByRole("listitem").filter({ hasText: `Studio headphones v2 ${stamp}` })).toBeVisible();
  // The cards' checkboxes come once the page runs: a choice before then would be undone by it.
  await expect(page.getByRole("checkbox", { name: `Select Studio headphones v2 ${stamp}` })).toBeVisible();
  await page.getByLabel("Archived products").selectOption({ label: "Only archived" });
  await expect(page).toHaveURL(/archived=only/);
  const card = grid.getByRole("listitem").filter({ hasText: `Studio headphones ${stamp}` });
  await expect(grid.getByRole("listitem")).toHaveCount(1);
  await expect(card).toBeVisible();
  await expect(card.getByText("Archived", { exact: true })).toBeVisible();
  await expectAccessible(page);

  // Brought back, it is in the list again.
  await page.goto(`/products/${encodeURIComponent(id)}`);
  await page.getByRole("button", { name: "Bring back from the archive" }).click();
  await expect(page.getByRole("button", { name: "Archive", exact: true })).toBeVisible();
  await page.goto(`/products?q=${stamp}`);
  await expect(page.getByRole("list", { name: "Products" }).getByRole("listitem")).toHaveCount(2);
});
