import "server-only";
import type { SharePreview, ShareView } from "@/lib/api-types";
import { createHash, randomBytes } from "node:crypto";
import { recordAudit } from "@/lib/audit/record";
import { getProductRecord } from "@/lib/db/products";
import {
  findActiveShare,
  insertShare,
  listShares,
  revokeShare,
  setShareSignOff,
  type ShareRecord,
} from "@/lib/db/shares";
import { AppError } from "@/lib/errors";
import { imageCounts } from "@/lib/db/prediction-index";
import { imagesIn } from "@/lib/image-count";
import type { CreateShareInput, ShareChangeInput } from "@/lib/schemas/share";
import type { SessionUser } from "@/lib/types";
import { finishedShotsOfView, predictionIdsToShare } from "./share-contents";
import { sealShareToken, unsealShareToken } from "./share-address";

// Share links: made by signed-in people, opened by anyone holding the link. The token is 32
// random bytes (base64url); the registry finds a link by its SHA-256 and keeps the token itself
// only sealed, so that the Shared links page can give its maker (and nobody else) the address again.

const DAY_MS = 86_400_000;
// 32 bytes in base64url without padding: anything else cannot be a token, so no lookup is spent.
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export function toShareView(record: ShareRecord, now = Date.now()): ShareView {
  return {
    id: record.id,
    title: record.title,
    filter: record.filter,
    count: record.predictionIds?.length ?? null,
    product_name: record.productName,
    created_by_email: record.createdByEmail,
    created_at: record.createdAt,
    expires_at: record.expiresAt,
    revoked_at: record.revokedAt,
    active: record.revokedAt === null && Date.parse(record.expiresAt) > now,
    sign_off: record.signOff,
  };
}

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export async function createShare(input: CreateShareInput, user: SessionUser): Promise<ShareView & { url: string }> {
  const predictionIds = await predictionIdsToShare(input);
  const token = randomBytes(32).toString("base64url");
  const record = await insertShare({
    tokenHash: hashToken(token),
    tokenSealed: await sealShareToken(token),
    title: input.title || null,
    filter: input.filter,
    predictionIds,
    createdBy: user.id,
    expiresAt: new Date(Date.now() + input.expires_in_days * DAY_MS),
    signOff: input.sign_off,
  });
  await recordAudit({
    actor: user,
    action: "share.created",
    productId: input.filter.product_id ?? null,
    detail: { shareId: record.id, title: record.title, shots: predictionIds.length, signOff: record.signOff },
  });
  return { ...toShareView(record), url: `/share/${token}` };
}

/** What "Share this view" would make, for the dialog to say before the link is made. */
export async function previewShare(filter: Record<string, string>): Promise<SharePreview> {
  const shots = await finishedShotsOfView(filter);
  const productName = filter.product_id
    ? (shots[0]?.product_name ?? (await getProductRecord(filter.product_id))?.name ?? null)
    : null;
  return { count: shots.length, images: imagesIn(shots), product_name: productName };
}

/** The address of a link for `user`: only its maker gets it (null when it was never kept); anyone else, nothing. */
async function addressFor(record: ShareRecord, user: SessionUser): Promise<{ url?: string | null }> {
  if (record.createdBy !== user.id) return {};
  const token = await unsealShareToken(record.tokenSealed);
  return { url: token ? `/share/${token}` : null };
}

/** Mine; every link for an admin (the addresses of my own only). */
export async function listSharesFor(user: SessionUser): Promise<ShareView[]> {
  const records = await listShares(user.role === "admin" ? undefined : user.id);
  // Counted in images, the app's one unit: one lookup for every link's shots.
  const counts = await imageCounts([...new Set(records.flatMap((r) => r.predictionIds ?? []))]);
  return Promise.all(
    records.map(async (record) => ({
      ...toShareView(record),
      images:
        record.predictionIds === null ? null : record.predictionIds.reduce((n, id) => n + (counts.get(id) ?? 0), 0),
      ...(await addressFor(record, user)),
    })),
  );
}

/** Someone else's link answers 404, as if it did not exist (admins may revoke any). */
export async function revokeShareFor(id: string, user: SessionUser): Promise<void> {
  const revoked = await revokeShare(id, user.role === "admin" ? undefined : user.id);
  if (!revoked) throw new AppError("not_found", "No such share link.");
  await recordAudit({ actor: user, action: "share.revoked", detail: { shareId: revoked.id, title: revoked.title } });
}

/** Turns visitors' sign-off on or off; someone else's link answers 404 (admins may change any). */
export async function changeShareFor(id: string, change: ShareChangeInput, user: SessionUser): Promise<ShareView> {
  const record = await setShareSignOff(id, change.sign_off, user.role === "admin" ? undefined : user.id);
  if (!record) throw new AppError("not_found", "No such share link.");
  await recordAudit({
    actor: user,
    action: "share.changed",
    detail: { shareId: record.id, title: record.title, signOff: record.signOff },
  });
  return toShareView(record);
}

/** The link behind a token when it still works; one 404 for unknown, expired and revoked alike. */
export async function activeShareByToken(token: string, now = new Date()): Promise<ShareRecord> {
  const share = TOKEN_SHAPE.test(token) ? await findActiveShare(hashToken(token), now) : null;
  if (!share) throw new AppError("not_found", "This share link does not exist, has expired or was revoked.");
  return share;
}
