// POST /api/products/{id}/lora: starts LoRA training; the service's { result } verbatim (429 past
// the person's own limit of trainings a minute, before the service is asked).
import { json } from "@/lib/api/respond";
import { withSession } from "@/lib/api/with-session";
import { assertWithinPersonLimit } from "@/lib/studio/person-limits";
import { startLora } from "@/lib/studio/products";

export const dynamic = "force-dynamic";

export const POST = withSession(
  async ({ params, user }) => {
    await assertWithinPersonLimit(user, "trainings");
    return json(await startLora(params.id, user));
  },
  { action: "create" },
);
