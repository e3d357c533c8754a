"use client";

import { useQueries, useQuery } from "@tanstack/react-query";
import { setChecks } from "@/lib/textures/set-checks";
import type { SetFinding, TextureAdvice, TextureReport } from "@/lib/textures/types";
import { apiFetch } from "./api-fetch";
import { queryKeys } from "@/lib/query-keys";

// The texture advisor in the browser. Each chosen file is checked alone, once, as soon as it is
// chosen (POST /api/textures/check); the set findings compare the slots' profiles with the same
// rules the server applies, so choosing a fourth file does not send the first three again.

const fileIds = new WeakMap<File, number>();
let nextFileId = 1;
function fileId(file: File): number {
  let id = fileIds.get(file);
  if (id === undefined) {
    id = nextFileId++;
    fileIds.set(file, id);
  }
  return id;
}

async function checkTexture(file: File, signal: AbortSignal): Promise<TextureAdvice> {
  const body = new FormData();
  body.append("texture[0][key]", "texture");
  body.append("texture[0]", file, file.name);
  const report = await apiFetch<TextureReport>("/api/textures/check", { method: "POST", body, signal });
  return report.textures[0];
}

const checkQuery = (file: File) => ({
  queryKey: queryKeys.textureCheck(fileId(file)),
  queryFn: ({ signal }: { signal: AbortSignal }) => checkTexture(file, signal),
  // The same bytes give the same findings: never asked twice.
  staleTime: Number.POSITIVE_INFINITY,
  retry: 1,
});

/** The findings on one chosen file; idle while no file is chosen. */
export function useTextureCheck(file: File | null) {
  return useQuery({
    ...(file
      ? checkQuery(file)
      : { queryKey: queryKeys.textureCheck(0), queryFn: () => Promise.reject(new Error("No file")) }),
    enabled: file !== null,
  });
}

/**
 * Lighting and duplicate findings across the chosen files that have been checked, and whether any
 * finding (of a slot or of the set) warns.
 */
export function useTextureSetFindings(chosen: { name: string; file: File }[]): { set: SetFinding[]; warns: boolean } {
  const results = useQueries({ queries: chosen.map((c) => checkQuery(c.file)) });
  const profiled = chosen.flatMap((c, i) => {
    const advice = results[i]?.data;
    return advice && advice.profile.hash ? [{ name: c.name, profile: advice.profile }] : [];
  });
  const set = setChecks(profiled);
  const warns = [...set, ...results.flatMap((r) => r.data?.checks ?? [])].some((f) => f.level === "warn");
  return { set, warns };
}

/** The findings kept with a product from its creation; null when none were kept. */
export function useKeptTextureAdvice(productId: string) {
  return useQuery({
    queryKey: queryKeys.textureAdvice(productId),
    queryFn: ({ signal }) =>
      apiFetch<{ report: TextureReport | null }>(`/api/products/${encodeURIComponent(productId)}/texture-advice`, {
        signal,
      }).then((r) => r.report),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
