import { z } from "zod";

// GET /api/events: where a reconnecting stream resumes. The browser sends its own Last-Event-ID
// header; `last_event_id` is for a client that cannot set headers on an EventSource (a new page
// resuming where the last one stopped). The header wins when both are sent.

const eventId = z
  .string()
  .regex(/^\d{1,15}$/, "Last-Event-ID must be the id of an event this stream sent (a whole number).")
  .meta({ description: "The id of the last event received; what came after it is sent first." });

export const eventsQuerySchema = z.object({ last_event_id: eventId.optional() });

/** The header's value, or the query's; null for a fresh stream. */
export function resumeAfter(header: string | null, query: z.infer<typeof eventsQuerySchema>): number | null {
  // The header is checked by the same rule as the query.
  const raw = header === null ? query.last_event_id : eventsQuerySchema.parse({ last_event_id: header }).last_event_id;
  return raw === undefined ? null : Number(raw);
}
