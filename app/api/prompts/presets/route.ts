// GET /api/prompts/presets?template_id= (the team's saved prompts) and POST (save one).
import { readJson } from "@/lib/api/read-json";
import { json } from "@/lib/api/respond";
import { withSession } from "@/lib/api/with-session";
import { createPresetSchema, presetListQuerySchema } from "@/lib/schemas/prompt";
import { createPromptPreset, listPromptPresets } from "@/lib/studio/prompts";

export const dynamic = "force-dynamic";

export const GET = withSession(async ({ request }) => {
  const query = presetListQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return json({ items: await listPromptPresets(query.template_id) });
});

// Presets feed the generate form, which only roles that may create use.
export const POST = withSession(
  async ({ request, user }) =>
    json(await createPromptPreset(createPresetSchema.parse(await readJson(request)), user), { status: 201 }),
  { action: "create" },
);
