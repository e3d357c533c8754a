// Makes the app's Inter (app/inter-subset.woff2) from @fontsource-variable/inter's Latin
// file: only the characters the app and Western European names use, only the weights the app
// draws (400-700) and only the layout features it needs. The font is on every page's first
// load, beside the images a phone waits for: about half the bytes of the full Latin file.
// Run `npx tsx scripts/subset-font.ts` after changing the lists below, and commit the output.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import subsetFont from "subset-font";

const SOURCE = path.resolve(
  __dirname,
  "../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2",
);
const TARGET = path.resolve(__dirname, "../app/inter-subset.woff2");

function range(from: number, to: number): string {
  return Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i)).join("");
}

// Basic Latin and Latin-1 (Western European names and prompts), typographic punctuation, the
// euro and trade marks, arrows and maths signs the app's words use. Anything else falls back to
// the system font, glyph by glyph.
const TEXT = [
  range(0x20, 0x7e),
  range(0xa0, 0xff),
  "\u0131\u0152\u0153\u02c6\u02da\u02dc",
  range(0x2010, 0x2027),
  range(0x2030, 0x203a),
  "\u2044\u20ac\u2122\u2190\u2191\u2192\u2193\u2212\u2248\u2264\u2265",
].join("");

// Kerning, ligatures and the features that place marks; tabular figures for counts in columns.
const FEATURES = ["kern", "liga", "calt", "ccmp", "locl", "mark", "mkmk", "tnum"];

async function main() {
  const font = await subsetFont(readFileSync(SOURCE), TEXT, {
    targetFormat: "woff2",
    keepFeatures: FEATURES,
    variationAxes: { wght: { min: 400, max: 700 } },
  });
  writeFileSync(TARGET, font);
  console.log(`${path.relative(process.cwd(), TARGET)}: ${font.length} bytes (from ${readFileSync(SOURCE).length})`);
}

void main();
