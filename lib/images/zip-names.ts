// File names inside a ZIP of a selection: `<product>-<prompt words>-<ratio as 16x9>-<n>.<ext>`,
// plain ASCII (every unzip tool and file system reads them) and never twice the same.

const PROMPT_WORDS = 6;

/** Lowercase ASCII words joined by dashes; accents dropped, everything else a separator. */
export function slug(text: string, maxWords = Infinity): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .slice(0, maxWords)
    .join("-")
    .slice(0, 60)
    .replace(/-+$/, "");
}

/** `<product>-<prompt words>-<ratio>`: the part of the name before the running number. */
export function zipBaseName(view: { product_name: string | null; prompt: string; aspect_ratio: string | null }): string {
  const parts = [
    slug(view.product_name ?? "", 4) || "product",
    slug(view.prompt, PROMPT_WORDS),
    view.aspect_ratio ? view.aspect_ratio.replace(":", "x") : "",
  ];
  return parts.filter(Boolean).join("-");
}

export function extensionFor(contentType: string | null): string {
  const type = contentType ?? "";
  return type.includes("png") ? "png" : type.includes("webp") ? "webp" : type.includes("gif") ? "gif" : type.includes("avif") ? "avif" : "jpg";
}

/** Hands out names with a running number per base name, skipping any name already given. */
export function createZipNamer(): (base: string, ext: string) => string {
  const counters = new Map<string, number>();
  const used = new Set<string>(["missing.txt"]);
  return (base, ext) => {
    let n = counters.get(base) ?? 0;
    let name: string;
    do {
      n += 1;
      name = `${base}-${n}.${ext}`;
    } while (used.has(name.toLowerCase()));
    counters.set(base, n);
    used.add(name.toLowerCase());
    return name;
  };
}
