// Helpers for the contract tests: a running service on random ports in a fresh data dir, a small
// fetch wrapper, real PNG textures made with sharp, and bounded polling.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { type LocalService, type LocalServiceOptions, startLocalService } from "./server";

export const FULL = "test-full-token";
export const FULL_2 = "test-full-token-2";
export const READ_ONLY = "test-read-only-token";

export interface Reply {
  status: number;
  headers: Headers;
  text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests inspect arbitrary JSON
  body: any;
}

export interface TestService extends LocalService {
  dataDir: string;
  logs: string[];
  /** Stops the service and deletes its data dir. */
  dispose(): Promise<void>;
}

export async function makeDataDir(): Promise<string> {
  return mkdtemp(path.join(os.tmpdir(), "local-service-test-"));
}

export async function startTestService(options: Partial<LocalServiceOptions> = {}): Promise<TestService> {
  const dataDir = options.dataDir ?? (await makeDataDir());
  const logs: string[] = [];
  const service = await startLocalService({
    tokens: { full: [FULL, FULL_2], readOnly: [READ_ONLY] },
    loraMs: 300,
    predictionMs: 150,
    log: (line) => logs.push(line),
    ...options,
    dataDir,
  });
  return {
    ...service,
    dataDir,
    logs,
    dispose: async () => {
      await service.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface CallOptions {
  token?: string | null;
  authorization?: string;
  form?: FormData | URLSearchParams;
  json?: unknown;
  signal?: AbortSignal;
}

export async function call(method: string, url: string, options: CallOptions = {}): Promise<Reply> {
  const headers: Record<string, string> = {};
  const token = options.token === undefined ? FULL : options.token;
  if (options.authorization !== undefined) headers.Authorization = options.authorization;
  else if (token !== null) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined = options.form;
  if (options.json !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(options.json);
  }
  const res = await fetch(url, { method, headers, body, signal: options.signal });
  const text = await res.text();
  let parsed: unknown = undefined;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: tests look at `text`
  }
  return { status: res.status, headers: res.headers, text, body: parsed };
}

export function solidPng(colour: string, size = 64): Promise<Buffer> {
  return sharp({ create: { width: size, height: size, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

export function productForm(
  fields: { template_id?: string; name?: string },
  textures: { key?: string; data: Buffer; type?: string }[],
): FormData {
  const form = new FormData();
  if (fields.template_id !== undefined) form.set("template_id", fields.template_id);
  if (fields.name !== undefined) form.set("name", fields.name);
  textures.forEach((texture, n) => {
    form.set(
      `texture[${n}]`,
      new Blob([new Uint8Array(texture.data)], { type: texture.type ?? "image/png" }),
      `texture-${n}.png`,
    );
    if (texture.key !== undefined) form.set(`texture[${n}][key]`, texture.key);
  });
  return form;
}

export async function waitFor<T>(check: () => Promise<T | undefined | null | false>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 40));
  }
}

/** Creates a product from `templateId` with the given textures; returns its id. */
export async function createProduct(svc: LocalService, templateId = "1", colours = ["#d01010"]): Promise<string> {
  const keys = ["label", "cap", "extra"];
  const textures = await Promise.all(
    colours.map(async (colour, i) => ({ key: keys[i], data: await solidPng(colour) })),
  );
  const reply = await call("POST", `${svc.baseUrl}/product/`, {
    form: productForm({ template_id: templateId, name: "Test product" }, textures),
  });
  if (reply.status !== 201) throw new Error(`product create failed: ${reply.status} ${reply.text}`);
  return reply.body.id as string;
}

/** A product whose LoRA is ready. */
export async function createReadyProduct(svc: LocalService, colours = ["#d01010"], token = FULL): Promise<string> {
  const id = await createProduct(svc, "1", colours);
  await call("POST", `${svc.baseUrl}/product/${id}/generate-lora`, { token });
  await waitFor(async () => (await call("GET", `${svc.baseUrl}/product/${id}`)).body.lora_enabled === 1);
  return id;
}

export async function createPrediction(
  svc: LocalService,
  productId: string,
  prompt: string,
  aspectRatio = "1:1",
): Promise<Reply> {
  const form = new FormData();
  form.set("product_id", productId);
  form.set("prompt", prompt);
  form.set("aspect_ratio", aspectRatio);
  return call("POST", `${svc.baseUrl}/prediction/`, { form });
}

/** Polls GET /prediction/{id} until images arrive. */
export async function waitForImages(svc: LocalService, id: string): Promise<Reply> {
  return waitFor(async () => {
    const reply = await call("GET", `${svc.baseUrl}/prediction/${id}`);
    return reply.body?.images?.length > 0 ? reply : undefined;
  });
}

export async function fetchImage(url: string): Promise<{ res: Response; data: Buffer }> {
  const res = await fetch(url);
  return { res, data: Buffer.from(await res.arrayBuffer()) };
}

export const DATE_SHAPE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
