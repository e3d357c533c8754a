import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const SOURCES = [
  "app",
  "components",
  "hooks",
  "lib",
  "public",
  "proxy.ts",
  "instrumentation.ts",
  "next.config.ts",
  "package.json",
  "postcss.config.mjs",
  "tsconfig.json",
];

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** True when `.next` holds no production build, or one older than any source file. */
export function buildIsStale(root: string): boolean {
  const buildId = path.join(root, ".next", "BUILD_ID");
  if (!existsSync(buildId)) return true;
  const built = statSync(buildId).mtimeMs;
  return SOURCES.some((source) => newestMtime(path.join(root, source)) > built);
}

/**
 * Runs `next build` when the build is stale. Builds are serialised through a lock file (flock,
 * util-linux) so that two launchers or test runs starting at once do not write `.next` together.
 * Returns the build's exit code (0 when nothing had to be built).
 */
export function buildIfStale(root: string, env: NodeJS.ProcessEnv = process.env): number {
  if (!buildIsStale(root)) return 0;
  const next = path.join(root, "node_modules", "next", "dist", "bin", "next");
  const lock = path.join(root, ".next-build.lock");
  // Re-checked under the lock: whoever waited may find the build already done.
  const script = `require(${JSON.stringify(path.join(root, "scripts", "build-state.ts"))}).buildIsStale(${JSON.stringify(root)}) ? process.exit(3) : process.exit(0)`;
  const result = spawnSync(
    "flock",
    [lock, "sh", "-c", `"$0" --import tsx -e '${script}' || [ $? -ne 3 ] || "$0" "$1" build`, process.execPath, next],
    { cwd: root, stdio: "inherit", env: { ...env, NEXT_TELEMETRY_DISABLED: "1" } },
  );
  return result.status ?? 1;
}
