// POST and DELETE /api/push/subscriptions: this device gets (or stops getting) my notifications.
import { readJson } from "@/lib/api/read-json";
import { withSession } from "@/lib/api/with-session";
import { pushSubscriptionSchema, removePushSubscriptionSchema } from "@/lib/schemas/push";
import { addMyDevice, removeMyDevice } from "@/lib/studio/push";

export const dynamic = "force-dynamic";

// A subscription is well under 1 KB; nothing a browser sends comes near this.
const MAX_BODY_BYTES = 4 * 1024;

export const POST = withSession(async ({ request, user }) => {
  const input = pushSubscriptionSchema.parse(await readJson(request, MAX_BODY_BYTES));
  await addMyDevice(user, input, request.headers.get("user-agent"));
  return new Response(null, { status: 204 });
});

export const DELETE = withSession(async ({ request, user }) => {
  const { endpoint } = removePushSubscriptionSchema.parse(await readJson(request, MAX_BODY_BYTES));
  await removeMyDevice(user, endpoint);
  return new Response(null, { status: 204 });
});
