import "server-only";
import { mapLimit } from "@/lib/concurrency";
import { isAppError } from "@/lib/errors";
import type { Template } from "@/lib/types";
import { coalesce } from "./coalesce";
import { serviceGet } from "./http";
import { assertSafeId, servicePath } from "./ids";
import { copyTemplate, copyTemplates, parseAnswer, parseList, reshapeTemplate } from "./reshape";
import { rawTemplate } from "./schemas";

// GET /template/ and GET /template/{id}. Templates change rarely, so they are kept longer.

const TEMPLATE_TTL_MS = 5 * 60_000;
const DETAIL_CONCURRENCY = 4;

export async function listTemplates(): Promise<Template[]> {
  const url = servicePath`/template/`;
  return coalesce(
    "GET /template/",
    TEMPLATE_TTL_MS,
    async () => parseList(rawTemplate, await serviceGet(url), "the template list").map(reshapeTemplate),
    copyTemplates,
  );
}

export async function getTemplate(id: string): Promise<Template> {
  const templateId = assertSafeId(id, "template id");
  const url = servicePath`/template/${templateId}`;
  return coalesce(
    `GET /template/${templateId}`,
    TEMPLATE_TTL_MS,
    async () => reshapeTemplate(parseAnswer(rawTemplate, await serviceGet(url), "the template")),
    copyTemplate,
  );
}

/** Templates whose detail says `loraScene: "available"`, as full details (slots included). */
export async function listLoraTemplates(): Promise<Template[]> {
  return coalesce("lora-templates", TEMPLATE_TTL_MS, async () => {
    const list = await listTemplates();
    const details = await mapLimit(list, DETAIL_CONCURRENCY, async (t) => {
      try {
        return await getTemplate(t.id);
      } catch (error) {
        // A template deleted between the list and its detail, or listed with an id the app
        // cannot put in a path, is simply not offered.
        if (isAppError(error) && (error.status === 404 || (error.status === 400 && !error.fromService))) {
          return null;
        }
        throw error;
      }
    });
    return details.filter(
      (t): t is Template => t !== null && t.loraScene?.trim().toLowerCase() === "available",
    );
  }, copyTemplates);
}
