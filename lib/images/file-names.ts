// Every file name the app gives an image, one convention: `<product>-<prompt words>-<16x9>[-n].<ext>`,
// plain ASCII (every unzip tool and file system reads them). Client-safe: the browser names its
// download links with it, and the server re-applies it to whatever name a link asks for, which
// leaves the app's own names unchanged.

const PRODUCT_WORDS = 4;
const PROMPT_WORDS = 6;
const MAX_PART = 60;
const MAX_NAME = 120;
const FALLBACK = "product-shot";

/** Lowercase ASCII words joined by dashes; accents dropped, everything else a separator. */
export function slug(text: string, maxWords = Infinity, maxChars = MAX_PART): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .slice(0, maxWords)
    .join("-")
    .slice(0, maxChars)
    .replace(/-+$/, "");
}

/** `<product>-<prompt words>-<ratio>`: the name of an image before any number and extension. */
export function imageBaseName(view: {
  product_name: string | null;
  prompt: string;
  aspect_ratio: string | null;
}): string {
  const parts = [
    slug(view.product_name ?? "", PRODUCT_WORDS) || "product",
    slug(view.prompt, PROMPT_WORDS),
    view.aspect_ratio ? view.aspect_ratio.replace(":", "x") : "",
  ];
  return parts.filter(Boolean).join("-");
}

export function extensionFor(contentType: string | null): string {
  const type = contentType ?? "";
  return type.includes("png")
    ? "png"
    : type.includes("webp")
      ? "webp"
      : type.includes("gif")
        ? "gif"
        : type.includes("avif")
          ? "avif"
          : "jpg";
}

/** The image's extension when its URL ends in a common one, else null. */
export function extensionOfUrl(url: string): string | null {
  try {
    const match = /\.(png|jpe?g|webp|gif|avif)$/i.exec(new URL(url).pathname);
    return match ? match[1].toLowerCase().replace("jpeg", "jpg") : null;
  } catch {
    return null;
  }
}

/**
 * The name of a single downloaded image as the server sends it (Content-Disposition): any name
 * asked for, made safe by the same rule, with the extension of the image's real type.
 */
export function attachmentName(asked: string | null, contentType: string): string {
  const base = slug((asked ?? "").replace(/\.[a-z0-9]{2,5}$/i, ""), Infinity, MAX_NAME);
  return `${base || FALLBACK}.${extensionFor(contentType)}`;
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
