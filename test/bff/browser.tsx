// For hook tests (happy-dom): the test window sits on the built app's own origin, so the hooks'
// relative `/api/...` calls reach the real app and its session cookie is kept as a browser keeps it.
import { request } from "node:http";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach } from "vitest";
import { apiFetch } from "@/hooks/api-fetch";
import { queryKeys } from "@/lib/query-keys";
import type { ProductView } from "@/lib/types";
import { bff, png, until } from "./client";

interface HappyWindow {
  happyDOM: { setURL(url: string): void };
}

/**
 * Puts the window on the app's origin, signed in as the admin. The app's cookie is `Secure`, which
 * Chromium keeps on http://localhost but happy-dom drops, so the sign-in goes over node:http and
 * the window is handed the cookie's value.
 */
export async function openAppSignedIn(): Promise<void> {
  const { appUrl, admin } = bff();
  (window as unknown as HappyWindow).happyDOM.setURL(`${appUrl}/`);
  const setCookie = await new Promise<string>((resolve, reject) => {
    const body = JSON.stringify(admin);
    const req = request(
      `${appUrl}/api/session`,
      { method: "POST", headers: { "content-type": "application/json" } },
      (res) => {
        res.resume();
        if (res.statusCode !== 200) reject(new Error(`sign-in answered ${res.statusCode}`));
        else resolve(res.headers["set-cookie"]?.[0] ?? "");
      },
    );
    req.on("error", reject);
    req.end(body);
  });
  document.cookie = `${setCookie.split(";")[0]}; Path=/`;
}

/** A product made through the app (a texture per slot of template 1) whose LoRA is ready. */
export async function readyProduct(name: string): Promise<ProductView> {
  const form = new FormData();
  form.append("template_id", "1");
  form.append("name", name);
  for (const [n, key] of ["label", "cap"].entries()) {
    form.append(`texture[${n}]`, new Blob([new Uint8Array(await png())], { type: "image/png" }), `${key}.png`);
    form.append(`texture[${n}][key]`, key);
  }
  const product = await apiFetch<ProductView>("/api/products", { method: "POST", body: form });
  await until(async () => {
    try {
      await apiFetch(`/api/products/${product.id}/lora`, { method: "POST" });
      return true;
    } catch {
      return false; // the service's training limit: ask again shortly
    }
  }, "LoRA start");
  await until(
    async () => (await apiFetch<ProductView>(`/api/products/${product.id}`)).lora_enabled === 1,
    "LoRA ready",
  );
  return product;
}

/**
 * A fresh cache (no retries, so a failure shows at once) and the provider the hooks need, holding
 * a loaded gallery page and another product's list, as a person's open tabs would.
 */
// Each test's hooks are unmounted and its queries stopped when it ends: a poll left running would
// fire after the window is gone (vitest's globals are off, so Testing Library cannot do it itself).
const clients = new Set<QueryClient>();
afterEach(() => {
  cleanup();
  for (const client of clients) client.clear();
  clients.clear();
});

export function queryWrapper() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  clients.add(client);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const galleryKey = [...queryKeys.gallery, "aspect_ratio=1%3A1"];
  const otherListKey = [...queryKeys.predictions, "another-product", 50];
  client.setQueryData(galleryKey, { pages: [], pageParams: [] });
  client.setQueryData(otherListKey, []);
  return { client, wrapper, galleryKey, otherListKey };
}
