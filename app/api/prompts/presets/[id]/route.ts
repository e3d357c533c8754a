// DELETE /api/prompts/presets/{id}: its author or an admin removes a saved prompt.
import { withSession } from "@/lib/api/with-session";
import { deletePromptPreset } from "@/lib/studio/prompts";

export const dynamic = "force-dynamic";

export const DELETE = withSession(
  async ({ params, user }) => {
    await deletePromptPreset(params.id, user);
    return new Response(null, { status: 204 });
  },
  { action: "create" },
);
