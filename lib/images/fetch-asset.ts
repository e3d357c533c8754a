import "server-only";
import { AppError } from "@/lib/errors";
import { isAssetUrl } from "@/lib/service";

const ASSET_TIMEOUT_MS = 30_000;
const IMAGE_TYPES = /^image\/(png|jpeg|webp|gif|avif)$/;

/**
 * An image from the service's asset origin, and only from there: the app never fetches a URL a
 * browser chose elsewhere (no open proxy). The service's token is not sent: it belongs to the
 * API, and the interface does not say assets need it.
 */
export async function fetchAsset(src: string | null): Promise<Response> {
  if (!src || !isAssetUrl(src)) {
    throw new AppError("bad_request", "Only images of the image service can be fetched here.");
  }
  let response: Response;
  try {
    response = await fetch(src, { redirect: "error", signal: AbortSignal.timeout(ASSET_TIMEOUT_MS) });
  } catch {
    throw new AppError("bad_gateway", "The image could not be fetched from the image service.");
  }
  if (response.status === 404) throw new AppError("not_found", "That image does not exist (any more).");
  const type = (response.headers.get("content-type") ?? "").split(";")[0].trim();
  if (!response.ok || !response.body || !IMAGE_TYPES.test(type)) {
    await response.body?.cancel();
    throw new AppError("bad_gateway", `The image service did not send an image (HTTP ${response.status}).`);
  }
  return response;
}
