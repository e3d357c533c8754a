import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// What the pages' client code imports at load (static imports, not `import()` nor `import type`)
// must not reach zod or Headless UI (nor uPlot): a third of each page's first scripts went to them, and on a
// phone's network they held back the page's first images. Forms load their schemas with their
// first check; the bar's menus load Headless UI once the page is up.

const ROOT = path.resolve(__dirname, "..");
// Scalar's API reference is heavier still, and brings its own zod use: no page imports it (the
// reference page loads its self-contained script, app/docs/api/scalar.js).
// uPlot (and its stylesheet, which would be render-blocking) loads with the usage chart's drawing.
// zxcvbn's list of leaked passwords (about 235 KB on the wire) loads with a password form's first check.
const HEAVY = ["zod", "@headlessui/react", "@scalar/api-reference", "uplot", "@zxcvbn-ts/core"];

/** The page-level client components of every page measured for speed, and the shared layout's. */
const PAGE_ROOTS = [
  "components/auth/sign-in-form.tsx",
  "components/account/change-password-form.tsx",
  "components/providers.tsx",
  "components/nav/app-nav.tsx",
  "components/dashboard/product-list.tsx",
  "components/dashboard/recent-shots.tsx",
  "components/dashboard/awaiting-review.tsx",
  "components/gallery/gallery-view.tsx",
  "components/products/product-browser.tsx",
  "components/products/product-detail.tsx",
  "components/review/review-queue.tsx",
  "components/usage/daily-chart.tsx",
  "components/usage/budget-form.tsx",
];

// `import x from "m"`, `import { a, type B } from "m"`, `export { a } from "m"`, `import "m"`;
// not `import type …` (erased) nor `import("m")` (loaded when called).
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\s)([^;]*?)\s+from\s+"([^"]+)"|^\s*import\s+"([^"]+)"/gm;

function onlyTypes(names: string): boolean {
  const inner = /^\{([^}]*)\}$/s.exec(names.trim());
  if (!inner) return false;
  const parts = inner[1]
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
  return parts.length > 0 && parts.every((p) => p.startsWith("type "));
}

function resolve(from: string, spec: string): string | null {
  const base = spec.startsWith("@/")
    ? path.join(ROOT, spec.slice(2))
    : spec.startsWith(".")
      ? path.resolve(path.dirname(from), spec)
      : null;
  if (!base) return null;
  for (const ext of ["", ".ts", ".tsx", "/index.ts", "/index.tsx"]) {
    const candidate = base + ext;
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** The first chain of static imports from `file` to a heavy package, or null. */
function chainToHeavy(file: string, seen = new Set<string>()): string[] | null {
  if (seen.has(file)) return null;
  seen.add(file);
  for (const match of readFileSync(file, "utf8").matchAll(STATIC_IMPORT)) {
    const [, names, fromSpec, bareSpec] = match;
    if (names !== undefined && onlyTypes(names)) continue;
    const spec = fromSpec ?? bareSpec;
    if (HEAVY.some((h) => spec === h || spec.startsWith(`${h}/`))) return [path.relative(ROOT, file), spec];
    const next = resolve(file, spec);
    const rest = next && chainToHeavy(next, seen);
    if (rest) return [path.relative(ROOT, file), ...rest];
  }
  return null;
}

describe("the pages' first scripts", () => {
  it.each(PAGE_ROOTS)(
    "%s reaches none of zod, Headless UI, Scalar, uPlot and zxcvbn through static imports",
    (root) => {
      expect(chainToHeavy(path.join(ROOT, root))).toBeNull();
    },
  );

  it("would see a form that still imports its schema (the check can fail)", () => {
    expect(chainToHeavy(path.join(ROOT, "components/products/new-product-form.tsx"))?.at(-1)).toBe("zod");
    expect(chainToHeavy(path.join(ROOT, "components/nav/nav-menu.tsx"))?.at(-1)).toBe("@headlessui/react");
    expect(chainToHeavy(path.join(ROOT, "components/usage/draw-chart.ts"))?.at(-1)).toBe("uplot");
  });

  it("leave Scalar out of the app's bundles, the reference page's included", () => {
    expect(chainToHeavy(path.join(ROOT, "app/docs/api/page.tsx"))).toBeNull();
  });
});
