// What a BFF test needs: the app's address, a signed-in cookie, and the local service's
// control API (faults, stalls, call counts).
import sharp from "sharp";
import { inject } from "vitest";

export const bff = () => inject("bff");

export interface CallOptions {
  method?: string;
  cookie?: string;
  json?: unknown;
  body?: BodyInit;
  headers?: Record<string, string>;
}

/** Every answer the tests saw, headers and body, for the scan that the token is in none. */
export const seen: string[] = [];

/** A request to the app as a browser on the app's own origin would send it. */
export async function api(path: string, options: CallOptions = {}): Promise<Response> {
  const { appUrl } = bff();
  const headers = new Headers(options.headers);
  if (options.cookie) headers.set("cookie", options.cookie);
  const method = options.method ?? (options.json !== undefined || options.body ? "POST" : "GET");
  if (method !== "GET" && !headers.has("origin")) headers.set("origin", appUrl);
  let body = options.body;
  if (options.json !== undefined) {
    headers.set("content-type", "application/json");
    body = JSON.stringify(options.json);
  }
  const response = await fetch(`${appUrl}${path}`, { method, headers, body, redirect: "manual" });
  const type = response.headers.get("content-type") ?? "";
  // A live-update stream never ends: it is not read to its end here (its caller closes it).
  const text = type.startsWith("image/") || type.startsWith("text/event-stream") ? "" : await response.clone().text();
  seen.push(`${[...response.headers].map(([k, v]) => `${k}: ${v}`).join("\n")}\n\n${text}`);
  return response;
}

export async function signIn(email = bff().admin.email, password = bff().admin.password): Promise<string> {
  const response = await api("/api/session", { json: { email, password } });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status}`);
  const setCookie = response.headers.get("set-cookie") ?? "";
  return setCookie.split(";")[0];
}

export async function control(path: string, init: { method?: string; json?: unknown } = {}): Promise<unknown> {
  const { controlUrl, token } = bff();
  const response = await fetch(`${controlUrl}${path}`, {
    method: init.method ?? (init.json !== undefined ? "POST" : "GET"),
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
  });
  if (!response.ok) throw new Error(`control ${path}: ${response.status}`);
  return response.status === 204 ? null : response.json().catch(() => null);
}

export async function serviceCalls(): Promise<Record<string, number>> {
  return ((await control("/calls")) as { calls: Record<string, number> }).calls;
}

/** A real PNG texture of one colour. */
export function png(size = 64, color = { r: 200, g: 30, b: 30 }): Promise<Buffer> {
  return sharp({ create: { width: size, height: size, channels: 3, background: color } })
    .png()
    .toBuffer();
}

/** Creates a product through the app with one texture per key; returns the answer. */
export async function createProduct(cookie: string, templateId: string, name: string, keys: string[]) {
  const form = new FormData();
  form.append("template_id", templateId);
  form.append("name", name);
  for (const [n, key] of keys.entries()) {
    form.append(`texture[${n}]`, new Blob([new Uint8Array(await png())], { type: "image/png" }), `${key}.png`);
    form.append(`texture[${n}][key]`, key);
  }
  return api("/api/products", { cookie, body: form });
}

export async function until<T>(fn: () => Promise<T | null | undefined | false>, what: string, tries = 100): Promise<T> {
  for (let i = 0; i < tries; i++) {
    const value = await fn();
    if (value) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`gave up waiting for ${what}`);
}

/** Every prediction of the gallery's index, newest first, read page by page. */
export async function allPredictions<T = { id: string }>(cookie: string, query = ""): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | null = null;
  do {
    const response = await api(`/api/predictions?limit=200${query}${cursor ? `&cursor=${cursor}` : ""}`, { cookie });
    if (response.status !== 200) throw new Error(`GET /api/predictions: HTTP ${response.status}`);
    const page = (await response.json()) as { items: T[]; next_cursor: string | null };
    items.push(...page.items);
    cursor = page.next_cursor;
  } while (cursor);
  return items;
}

/** Asks for one shot of the product and waits until its images have arrived. */
export async function finishedPrediction(
  cookie: string,
  productId: string,
  prompt: string,
  aspect_ratio = "1:1",
): Promise<{ id: string; images: string[] }> {
  const created = await (
    await api("/api/predictions", { cookie, json: { product_id: productId, prompt, aspect_ratio } })
  ).json();
  return until(async () => {
    const p = await (await api(`/api/predictions/${created.id}`, { cookie })).json();
    return p.images.length > 0 ? p : null;
  }, "images");
}

/** A product created through the app whose LoRA is ready (waits out a 429 when the limit is hit). */
export async function loraReadyProduct(cookie: string, name = "Ready bottle"): Promise<{ id: string }> {
  const product = await (await createProduct(cookie, "1", name, ["label", "cap"])).json();
  for (let i = 0; i < 10; i++) {
    const start = await api(`/api/products/${product.id}/lora`, { method: "POST", cookie });
    if (start.status === 200) break;
    if (start.status !== 429) throw new Error(`LoRA start: ${start.status}`);
    await new Promise((r) => setTimeout(r, 1000 * Number(start.headers.get("retry-after") ?? 1)));
  }
  await until(
    async () => (await (await api(`/api/products/${product.id}`, { cookie })).json()).lora_enabled === 1,
    "LoRA ready",
  );
  return product;
}
