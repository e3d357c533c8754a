// GET /api/events: the signed-in person's live updates, as Server-Sent Events (lib/events/stream.ts).
import { withSession } from "@/lib/api/with-session";
import { getDb } from "@/lib/db/client";
import { env } from "@/lib/env";
import { openEventStream } from "@/lib/events/stream";
import { eventsQuerySchema, resumeAfter } from "@/lib/schemas/events";

export const dynamic = "force-dynamic";

export const GET = withSession(async ({ request, user }) => {
  const query = eventsQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const config = env();
  return openEventStream(
    await getDb(),
    user,
    resumeAfter(request.headers.get("last-event-id"), query),
    request.signal,
    {
      perPerson: config.EVENT_STREAMS_PER_PERSON,
      perInstance: config.EVENT_STREAMS_PER_INSTANCE,
      heartbeatMs: config.EVENT_HEARTBEAT_MS,
    },
  );
});
