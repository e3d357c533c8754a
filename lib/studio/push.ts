import "server-only";
import { getDb } from "@/lib/db/client";
import { vapidKeys } from "@/lib/notify/push-keys";
import { removeSubscription, saveSubscription } from "@/lib/notify/push-subscriptions";
import type { PushSubscriptionInput } from "@/lib/schemas/push";
import type { SessionUser } from "@/lib/types";

// The use cases behind /api/push: a device's browser subscribes with the installation's public
// key, then hands its subscription over; turning notifications off on the device removes it.

export async function pushPublicKey(): Promise<{ public_key: string }> {
  return { public_key: (await vapidKeys(await getDb())).publicKey };
}

export async function addMyDevice(user: SessionUser, input: PushSubscriptionInput, userAgent: string | null) {
  await saveSubscription(await getDb(), user.id, input, userAgent);
}

export async function removeMyDevice(user: SessionUser, endpoint: string) {
  await removeSubscription(await getDb(), user.id, endpoint);
}
