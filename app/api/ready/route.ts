// GET /api/ready: whether this instance should be sent people now. 503 with Retry-After while
// its database cannot be reached or it is shutting down, so a load balancer sends them to
// another; the image service being down is not a reason (every instance shares it). No session.
import { json } from "@/lib/api/respond";
import { withoutSession } from "@/lib/api/with-session";
import { pingDatabase } from "@/lib/db/ping";
import { RETRY_AFTER_SECONDS } from "@/lib/db/unavailable";
import { AppError } from "@/lib/errors";
import { isDraining } from "@/lib/shutdown";

export const dynamic = "force-dynamic";

export const GET = withoutSession(async () => {
  if (isDraining())
    throw new AppError("service_unavailable", "This instance is shutting down.", { retryAfter: RETRY_AFTER_SECONDS });
  if (!(await pingDatabase())) {
    throw new AppError("service_unavailable", "This instance cannot reach its database.", {
      retryAfter: RETRY_AFTER_SECONDS,
    });
  }
  return json({ ready: true });
});
