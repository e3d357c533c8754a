// Requests as another system sends them with an API key: its own client, no cookie, no Origin.
import { api, bff, png } from "./client";

export interface KeyCallOptions {
  method?: string;
  json?: unknown;
  body?: BodyInit;
  headers?: Record<string, string>;
}

export async function withKey(key: string, path: string, options: KeyCallOptions = {}): Promise<Response> {
  const headers = new Headers(options.headers);
  headers.set("authorization", `Bearer ${key}`);
  let body = options.body;
  if (options.json !== undefined) {
    headers.set("content-type", "application/json");
    body = JSON.stringify(options.json);
  }
  const method = options.method ?? (body !== undefined ? "POST" : "GET");
  return fetch(`${bff().appUrl}${path}`, { method, headers, body, redirect: "manual" });
}

/** A key of the signed-in person (`cookie`): the secret, answered once. */
export async function ownKey(cookie: string, name: string, role: string): Promise<string> {
  const created = await api("/api/keys", { cookie, json: { name, role, expires_in_days: 7 } });
  if (created.status !== 201) throw new Error(`creating a key: ${created.status} ${await created.text()}`);
  return ((await created.json()) as { secret: string }).secret;
}

/** A product's multipart body with one real PNG texture per key. */
export async function productForm(templateId: string, name: string, keys: string[]): Promise<FormData> {
  const form = new FormData();
  form.append("template_id", templateId);
  form.append("name", name);
  for (const [n, key] of keys.entries()) {
    form.append(`texture[${n}]`, new Blob([new Uint8Array(await png())], { type: "image/png" }), `${key}.png`);
    form.append(`texture[${n}][key]`, key);
  }
  return form;
}
