import "server-only";
import { env } from "@/lib/env";

// Absolute links for emails and webhooks: people open them outside the app.

export function appUrl(): string {
  const config = env();
  return (config.APP_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, "");
}

export const productLink = (id: string) => `${appUrl()}/products/${encodeURIComponent(id)}`;
export const predictionLink = (id: string) => `${appUrl()}/predictions/${encodeURIComponent(id)}`;
export const galleryLink = (productId: string) => `${appUrl()}/gallery?product_id=${encodeURIComponent(productId)}`;
export const reviewLink = () => `${appUrl()}/review`;
export const campaignLink = (id: string) => `${appUrl()}/campaigns/${encodeURIComponent(id)}`;
export const settingsLink = () => `${appUrl()}/settings`;
export const usageLink = () => `${appUrl()}/usage`;
