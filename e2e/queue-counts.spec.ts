import { settleInstallation } from "./data";
import { expect, signIn, test } from "./fixtures";
import { ReviewQueuePage } from "./pages/review-queue-page";

// The review queue's product picker and the page say the same number of images awaiting review,
// also after images are approved here (the picker's counts once stayed where they were).

test.use({ productName: "Counted bottle" });

test("the product picker's counts follow the page's count as images are approved", async ({
  page,
  api,
  service,
  predictions,
  readyProduct,
}) => {
  test.setTimeout(120_000);
  const shots = await predictions(3);
  const total = shots.reduce((n, s) => n + s.images.length, 0);
  await signIn(page);
  const queue = new ReviewQueuePage(page);
  await queue.openWithImagesOf(readyProduct.name, total);
  const option = queue.product.getByRole("option", { name: new RegExp(`^${readyProduct.name} \\(`) });
  await expect(option).toHaveText(`${readyProduct.name} (${total})`);

  await queue.button("Approve").click();
  await expect(queue.awaiting).toHaveText(`${total - 1} ${total - 1 === 1 ? "image awaits" : "images await"} review`);
  await expect(option).toHaveText(`${readyProduct.name} (${total - 1})`);
  await queue.button("Approve").click();
  await expect(option).toHaveText(`${readyProduct.name} (${total - 2})`);
  await expect(queue.awaiting).toHaveText(new RegExp(`^${total - 2} images? awaits? review$`));

  // Every product: the picker's "All products" and the page's count are one number. It counts the
  // whole installation: once nothing is being made and the index has read everything, it changes
  // only by what this journey does.
  await settleInstallation(api, service);
  await page.reload();
  await expect(queue.product).toHaveValue("");
  await expect(queue.awaiting).toBeVisible();
  const pageCount = Number((await queue.awaiting.textContent())?.split(" ")[0]);
  await expect(queue.product.getByRole("option", { name: /^All products/ })).toHaveText(`All products (${pageCount})`);
  await queue.button("Approve").click();
  await expect(queue.awaiting).toHaveText(new RegExp(`^${pageCount - 1} images? awaits? review$`));
  await expect(queue.product.getByRole("option", { name: /^All products/ })).toHaveText(
    `All products (${pageCount - 1})`,
  );
  await page.screenshot({ path: "/tmp/day-shots/queue-counts-laptop.png" });
});
