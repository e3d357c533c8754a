import "server-only";
import { mapLimit } from "@/lib/concurrency";
import { isAppError } from "@/lib/errors";
import type { Template } from "@/lib/types";
import { coalesce } from "./coalesce";
import { readList, readOne } from "./read";
import { copyTemplate, copyTemplates, reshapeTemplate } from "./reshape";
import { rawTemplate } from "./schemas";

// GET /template/ and GET /template/{id}. Templates change rarely, so they are kept longer.

const TEMPLATE_TTL_MS = 5 * 60_000;
const DETAIL_CONCURRENCY = 4;

const read = { schema: rawTemplate, reshape: reshapeTemplate, ttlMs: TEMPLATE_TTL_MS };

export async function listTemplates(): Promise<Template[]> {
  return readList("template", { ...read, copy: copyTemplates });
}

export async function getTemplate(id: string): Promise<Template> {
  return readOne("template", id, { ...read, copy: copyTemplate });
}

/** Templates whose detail says `loraScene: "available"`, as full details (slots included). */
export async function listLoraTemplates(): Promise<Template[]> {
  return coalesce(
    "lora-templates",
    TEMPLATE_TTL_MS,
    async () => {
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
      return details.filter((t): t is Template => t !== null && t.loraScene?.trim().toLowerCase() === "available");
    },
    copyTemplates,
  );
}
