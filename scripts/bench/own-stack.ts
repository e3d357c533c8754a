// What the sections that run their own stacks (watcher, campaign) do alike: sign in, call the app
// as a browser would (cookie and origin), call the local service's control API, and make products
// through the app's own create route.
import sharp from "sharp";
import type { Stack } from "../stack";

export interface Person {
  email: string;
  password: string;
}

export type AppCall = (p: string, init?: { method?: string; json?: unknown; body?: FormData }) => Promise<Response>;

/** The session cookie of `person`, signed in through the app's own route. */
export async function signIn(stack: Stack, person: Person): Promise<string> {
  const answer = await fetch(`${stack.appUrl}/api/session`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: stack.appUrl },
    body: JSON.stringify(person),
  });
  if (answer.status !== 200) throw new Error(`sign-in: HTTP ${answer.status}`);
  return (answer.headers.get("set-cookie") ?? "").split(";")[0];
}

/** Calls the app with the cookie of the moment (a section that restarts the app signs in again). */
export function caller(stack: Stack, cookie: () => string): AppCall {
  return (p, init = {}) =>
    fetch(`${stack.appUrl}${p}`, {
      method: init.method ?? (init.json !== undefined || init.body ? "POST" : "GET"),
      headers: {
        cookie: cookie(),
        origin: stack.appUrl,
        ...(init.json !== undefined ? { "content-type": "application/json" } : {}),
      },
      body: init.body ?? (init.json !== undefined ? JSON.stringify(init.json) : undefined),
    });
}

/** The local service's control API (finish a training, count calls, set faults). */
export async function control(
  stack: Stack,
  p: string,
  init: { method?: string; json?: unknown } = {},
): Promise<unknown> {
  const answer = await fetch(`${stack.service.controlUrl}${p}`, {
    method: init.method ?? (init.json !== undefined ? "POST" : "GET"),
    headers: { authorization: `Bearer ${stack.service.token}`, "content-type": "application/json" },
    body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
  });
  if (!answer.ok) throw new Error(`control ${p}: HTTP ${answer.status}`);
  return answer.json();
}

/** `count` products of template 1, named `<prefix> <n>`, with one small PNG per texture slot key. */
export async function createProducts(
  app: AppCall,
  count: number,
  prefix: string,
  slots: string[],
  colour: string,
): Promise<string[]> {
  const texture = new Uint8Array(
    await sharp({ create: { width: 64, height: 64, channels: 3, background: colour } })
      .png()
      .toBuffer(),
  );
  const ids: string[] = [];
  for (let n = 0; n < count; n++) {
    const form = new FormData();
    form.append("template_id", "1");
    form.append("name", `${prefix} ${n}`);
    for (const [i, key] of slots.entries()) {
      form.append(`texture[${i}]`, new Blob([texture], { type: "image/png" }), `${key}.png`);
      form.append(`texture[${i}][key]`, key);
    }
    const answer = await app("/api/products", { body: form });
    if (answer.status !== 201) throw new Error(`product create: HTTP ${answer.status}`);
    ids.push(((await answer.json()) as { id: string }).id);
  }
  return ids;
}
