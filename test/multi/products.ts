// Products as the tests need them: made through an app instance with a texture in each of
// template 1's slots, their LoRA's training started, finished at once through the local service's
// control API, or waited for until the app says the LoRA is ready.
import sharp from "sharp";
import type { LocalServiceInfo } from "../../scripts/local-service-process";
import { call, control, until, type Instance } from "./instances";

const SLOTS = ["label", "cap"];

/** A product of template 1 named `name`, made through `instance`; answers its id. */
export async function makeProduct(instance: Instance, cookie: string, name: string): Promise<string> {
  const texture = new Uint8Array(
    await sharp({ create: { width: 64, height: 64, channels: 3, background: "#c84" } })
      .png()
      .toBuffer(),
  );
  const form = new FormData();
  form.append("template_id", "1");
  form.append("name", name);
  for (const [i, key] of SLOTS.entries()) {
    form.append(`texture[${i}]`, new Blob([texture], { type: "image/png" }), `${key}.png`);
    form.append(`texture[${i}][key]`, key);
  }
  const created = await call(instance, "/api/products", { cookie, body: form });
  if (created.status !== 201) throw new Error(`product: ${created.status} ${await created.text()}`);
  return ((await created.json()) as { id: string }).id;
}

/** Starts the training of the product's LoRA, as its page's button does. */
export async function startTraining(instance: Instance, cookie: string, id: string): Promise<void> {
  const started = await call(instance, `/api/products/${id}/lora`, { cookie, method: "POST" });
  if (started.status !== 200) throw new Error(`training: ${started.status}`);
}

/** Has the local service finish the product's training now rather than after its training time. */
export async function finishTraining(service: LocalServiceInfo, id: string): Promise<void> {
  await control(service, "POST", `/lora/${id}/finish`);
}

/**
 * A product with its LoRA ready, made through `instance`; answers its id. With `service` its
 * training is finished at once, without it the service's own training time runs.
 */
export async function trainedProduct(
  instance: Instance,
  cookie: string,
  name: string,
  service?: LocalServiceInfo,
): Promise<string> {
  const id = await makeProduct(instance, cookie, name);
  await startTraining(instance, cookie, id);
  if (service) await finishTraining(service, id);
  await until("the LoRA", async () => {
    const product = (await (await call(instance, `/api/products/${id}`, { cookie })).json()) as {
      lora_enabled: number;
    };
    return product.lora_enabled === 1;
  });
  return id;
}
