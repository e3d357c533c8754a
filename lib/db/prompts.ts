import "server-only";
import type { PromptHistoryItem, PromptPreset } from "@/lib/api-types";
import { log } from "@/lib/log";
import { randomUUID } from "node:crypto";
import { getDb } from "./client";
import { isoDate } from "./dates";
import { reconcileJournal } from "./reconcile";

// Prompt reuse: a person's recent prompts (from the prediction registry, joined with products
// for the template) and the team's saved presets per template.

export async function promptHistory(
  userId: string,
  options: { templateId?: string; limit: number },
): Promise<PromptHistoryItem[]> {
  // Predictions still waiting in the journal would otherwise be missing from the history.
  await reconcileJournal().catch((error) => log.error({ err: error }, "registry journal reconcile failed"));
  const db = await getDb();
  const rows = await db.query<Omit<PromptHistoryItem, "last_used_at"> & { last_used_at: Date | string }>(
    `SELECT p.prompt, count(*)::int AS uses, max(p.created_at) AS last_used_at,
            (array_agg(p.product_id ORDER BY p.created_at DESC))[1] AS product_id,
            (array_agg(p.aspect_ratio ORDER BY p.created_at DESC))[1] AS aspect_ratio,
            (array_agg(pr.template_id ORDER BY p.created_at DESC))[1] AS template_id
     FROM predictions p LEFT JOIN products pr ON pr.id = p.product_id
     WHERE p.created_by = $1 AND ($2::text IS NULL OR pr.template_id = $2)
     GROUP BY p.prompt ORDER BY max(p.created_at) DESC, p.prompt LIMIT $3`,
    [userId, options.templateId ?? null, options.limit],
  );
  return rows.map((row) => ({ ...row, last_used_at: isoDate(row.last_used_at) }));
}

type PresetRow = Omit<PromptPreset, "created_at"> & { created_at: Date | string };

const SELECT = `SELECT p.id, p.template_id, p.name, p.prompt, p.aspect_ratio, p.created_by,
  u.email AS created_by_email, p.created_at FROM prompt_presets p LEFT JOIN users u ON u.id = p.created_by`;

const toPreset = (row: PresetRow): PromptPreset => ({ ...row, created_at: isoDate(row.created_at) });

/** By template, then name. */
export async function listPresets(templateId?: string): Promise<PromptPreset[]> {
  const db = await getDb();
  const rows = await db.query<PresetRow>(
    `${SELECT} WHERE ($1::text IS NULL OR p.template_id = $1) ORDER BY p.template_id, lower(p.name), p.id`,
    [templateId ?? null],
  );
  return rows.map(toPreset);
}

/** Null when the template already has a preset of that name. */
export async function insertPreset(input: {
  templateId: string;
  name: string;
  prompt: string;
  aspectRatio: string | null;
  createdBy: string;
}): Promise<PromptPreset | null> {
  const db = await getDb();
  const id = randomUUID();
  const inserted = await db.query<{ id: string }>(
    `INSERT INTO prompt_presets (id, template_id, name, prompt, aspect_ratio, created_by)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (template_id, name) DO NOTHING RETURNING id`,
    [id, input.templateId, input.name, input.prompt, input.aspectRatio, input.createdBy],
  );
  if (inserted.length === 0) return null;
  const [row] = await db.query<PresetRow>(`${SELECT} WHERE p.id = $1`, [id]);
  return toPreset(row);
}

export async function getPreset(id: string): Promise<PromptPreset | null> {
  const db = await getDb();
  const [row] = await db.query<PresetRow>(`${SELECT} WHERE p.id = $1`, [id]);
  return row ? toPreset(row) : null;
}

export async function deletePreset(id: string): Promise<boolean> {
  const db = await getDb();
  return (await db.query(`DELETE FROM prompt_presets WHERE id = $1 RETURNING id`, [id])).length > 0;
}
