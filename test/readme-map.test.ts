import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The README's map of the folders is how a newcomer finds their way: it must name every folder of
// lib/ and every module at lib/'s top, and every path it names must exist. A folder added without a
// line in the map, or a line left behind by a move, fails here.

const root = path.resolve(__dirname, "..");

function mapTable(readme: string): string {
  const start = readme.indexOf("### The folders");
  if (start < 0) throw new Error("README has no “### The folders” section");
  const rest = readme.slice(start);
  const end = rest.indexOf("\n#", 5);
  return end < 0 ? rest : rest.slice(0, end);
}

/** The backticked paths in the first column of each row: `lib/db/`, `lib/format.ts`, `e2e/`. */
export function namedPaths(table: string): string[] {
  return table
    .split("\n")
    .filter((line) => line.startsWith("| `"))
    .flatMap((line) => [...line.split("|")[1].matchAll(/`([^`]+)`/g)].map((m) => m[1]));
}

/** What lib/ holds that the map must name: its folders (as `lib/x/`) and its modules (not tests). */
export function libEntries(libDir: string): string[] {
  return readdirSync(libDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() || (entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts")))
    .map((entry) => (entry.isDirectory() ? `lib/${entry.name}/` : `lib/${entry.name}`));
}

describe("the README's map of the folders", () => {
  const named = namedPaths(mapTable(readFileSync(path.join(root, "README.md"), "utf8")));

  it("reads the table's rows", () => {
    expect(named).toContain("lib/db/");
    expect(named.length).toBeGreaterThan(30);
  });

  it("names every folder and module of lib/", () => {
    const missing = libEntries(path.join(root, "lib")).filter(
      (entry) => !named.some((name) => name === entry || (entry.endsWith("/") && name.startsWith(entry))),
    );
    expect(missing, `add a line for these to README's “The folders”`).toEqual([]);
  });

  it("names only paths that exist", () => {
    const gone = named
      .filter((name) => /^(app|components|hooks|lib|local-service|scripts|test|e2e|docs)\b|\.ts$/.test(name))
      .filter((name) => !existsSync(path.join(root, name)));
    expect(gone).toEqual([]);
  });
});
