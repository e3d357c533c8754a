// `npm start` / `npm run dev`: serves Product Studio at http://localhost:$PORT (3000).
// With PVS_BASE_URL unset it first starts the local service (local-service/) and hands its
// address and token to the app; with PVS_BASE_URL, PVS_ASSET_URL and PVS_API_TOKEN set it talks
// to that service and starts no local one. It builds the app first when the build is missing or
// older than the sources.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { buildIfStale, buildIsStale } from "./build-state";
import { loadDotEnv } from "./dot-env";
import { LOCAL_PEOPLE, startLocalOidc } from "./local-oidc";
import { startLocalServiceProcess } from "./local-service-process";

const root = path.resolve(__dirname, "..");
const dev = process.argv.includes("--dev");
const children: ChildProcess[] = [];

function run(command: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(command, args, { cwd: root, env, stdio: "inherit" });
  children.push(child);
  return child;
}

let stopping = false;
/**
 * Asks every child to stop (the app finishes its requests in flight, up to SHUTDOWN_GRACE_MS) and
 * exits once they all have; one still running after the grace and a margin is killed.
 */
function stopAll(code: number) {
  if (stopping) return;
  stopping = true;
  const running = children.filter((child) => child.exitCode === null && child.signalCode === null);
  for (const child of running) child.kill("SIGTERM");
  const grace = Number(process.env.SHUTDOWN_GRACE_MS ?? 30_000) + 5_000;
  const late = setTimeout(() => {
    for (const child of running) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    process.exit(code);
  }, grace);
  void Promise.all(running.map((child) => new Promise((resolve) => child.once("exit", resolve)))).then(() => {
    clearTimeout(late);
    process.exit(code);
  });
}

// `kill <npm's pid>` stops npm and its shell, which do not pass the signal on: this process is
// left to the system. It notices that its parent changed and stops what it started, so no app or
// local service is left running without a way to stop it but `ps`.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) stopAll(0);
}, 1_000).unref();

async function main() {
  loadDotEnv(root);
  const port = process.env.PORT ?? "3000";
  const dataDir = path.resolve(root, process.env.DATA_DIR ?? "./data");
  mkdirSync(dataDir, { recursive: true });
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: port, NEXT_TELEMETRY_DISABLED: "1" };
  // `npm run dev` lets a team webhook call a receiver on this machine, as a developer tries one;
  // `npm start` (which may serve real people) reaches public addresses only unless told otherwise.
  if (dev && !process.env.WEBHOOK_ALLOW_LOCALHOST) env.WEBHOOK_ALLOW_LOCALHOST = "on";

  if (!process.env.PVS_BASE_URL) {
    const local = await startLocalServiceProcess(root, path.join(dataDir, "local-service"));
    children.push(local.child);
    Object.assign(env, { PVS_BASE_URL: local.baseUrl, PVS_ASSET_URL: local.assetUrl, PVS_API_TOKEN: local.token });
    // Kept beside the app's data (server side only) so tests and demos can drive the local service.
    writeFileSync(path.join(dataDir, "local-service.json"), JSON.stringify(local.info, null, 2), { mode: 0o600 });
    console.log(`Local service: ${local.baseUrl} (images at ${local.assetUrl})`);
  } else {
    const missing = ["PVS_ASSET_URL", "PVS_API_TOKEN"].filter((name) => !process.env[name]);
    if (missing.length) {
      console.error(`PVS_BASE_URL is set, so ${missing.join(" and ")} must be set too (see .env.example).`);
      process.exit(1);
    }
    console.log(`Service: ${process.env.PVS_BASE_URL}`);
  }

  if (process.env.LOCAL_OIDC === "1") await startLocalProvider(env, port);

  const next = path.join(root, "node_modules", "next", "dist", "bin", "next");
  if (!dev && buildIsStale(root)) {
    console.log("Building Product Studio (first start, or sources changed)…");
    const code = buildIfStale(root, env);
    if (code !== 0) {
      console.error("The build failed; see the messages above.");
      stopAll(code);
      return;
    }
  }

  const app = run(process.execPath, [next, dev ? "dev" : "start", "-p", port], env);
  app.on("exit", (code) => stopAll(code ?? 0));
  for (const child of children) child.on("exit", (code) => child !== app && code !== 0 && stopAll(code ?? 1));
  waitForHealth(`http://localhost:${port}/api/health`).then((up) => {
    if (up) console.log(`\nProduct Studio is ready: http://localhost:${port}\n`);
  });
}

// `LOCAL_OIDC=1`: a local identity provider in this process, and the app's OIDC_* variables
// pointed at it, to try the company sign-in without a company. Its people are printed: they are
// made up, and it answers on this machine only.
async function startLocalProvider(env: NodeJS.ProcessEnv, port: string) {
  if (process.env.OIDC_ISSUER) {
    console.error("LOCAL_OIDC=1 starts its own provider: unset OIDC_ISSUER (or LOCAL_OIDC).");
    process.exit(1);
  }
  const provider = await startLocalOidc({ appUrl: process.env.APP_URL ?? `http://localhost:${port}` });
  Object.assign(env, provider.appEnv, {
    OIDC_NAME: process.env.OIDC_NAME ?? "Sign in with the local provider",
    OIDC_ALLOWED_DOMAINS: process.env.OIDC_ALLOWED_DOMAINS ?? "acme.test",
    OIDC_ROLE_CLAIM: process.env.OIDC_ROLE_CLAIM ?? "groups",
    OIDC_ROLE_MAP: process.env.OIDC_ROLE_MAP ?? "studio-admins=admin,marketing=editor",
  });
  console.log(`Local identity provider: ${provider.issuer}. Its people (email / password, groups):`);
  for (const person of LOCAL_PEOPLE) {
    console.log(
      `  ${person.email} / ${person.password}${person.groups?.length ? `  (${person.groups.join(", ")})` : ""}`,
    );
  }
}

async function waitForHealth(url: string): Promise<boolean> {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(url)).ok) return true;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return false;
}

process.on("SIGINT", () => stopAll(0));
process.on("SIGTERM", () => stopAll(0));
main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  stopAll(1);
});
