// A throwaway PostgreSQL 15 cluster for tests: initdb in a temporary folder, run as the postgres
// user when we are root (it refuses root), on a free port, fsync off; removed by stop().
import { execFileSync } from "node:child_process";
import { chmodSync, chownSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "../../scripts/free-port";

const BIN = "/usr/lib/postgresql/15/bin";

export const postgresAvailable = existsSync(path.join(BIN, "pg_ctl")) && existsSync(path.join(BIN, "initdb"));

/** CI must run the PostgreSQL tests: there, missing binaries are an error rather than a skip. */
export function requirePostgresInCi(): void {
  if (!postgresAvailable && process.env.CI) {
    throw new Error(`PostgreSQL 15 binaries are missing from ${BIN}; CI must run the Postgres test.`);
  }
}

function postgresIds(): { uid: number; gid: number } {
  const uid = Number(execFileSync("id", ["-u", "postgres"]).toString().trim());
  const gid = Number(execFileSync("id", ["-g", "postgres"]).toString().trim());
  return { uid, gid };
}

// Runs a PostgreSQL tool as the postgres user when we are root, directly otherwise.
function pgTool(tool: string, args: string[]): void {
  const command = path.join(BIN, tool);
  if (process.getuid?.() === 0) execFileSync("runuser", ["-u", "postgres", "--", command, ...args], { stdio: "pipe" });
  else execFileSync(command, args, { stdio: "pipe" });
}

export interface PostgresCluster {
  databaseUrl: string;
  /** Stops the server (its data stays), as an outage would. */
  pause(): void;
  /** Starts it again on the same port and data. */
  resume(): void;
  stop(): void;
}

export async function startPostgresCluster(): Promise<PostgresCluster> {
  const root = mkdtempSync(path.join(tmpdir(), "ps-pg-"));
  chmodSync(root, 0o755);
  const dataDir = path.join(root, "cluster");
  if (process.getuid?.() === 0) {
    const { uid, gid } = postgresIds();
    chownSync(root, uid, gid);
  }
  pgTool("initdb", ["-D", dataDir, "-A", "trust", "-U", "postgres", "--no-sync"]);
  const port = await freePort();
  const start = () =>
    pgTool("pg_ctl", [
      "-D",
      dataDir,
      "-l",
      path.join(root, "log"),
      "-w",
      "-t",
      "60",
      "-o",
      `-k ${root} -p ${port} -c listen_addresses=127.0.0.1 -c fsync=off`,
      "start",
    ]);
  start();
  return {
    databaseUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    pause: () => pgTool("pg_ctl", ["-D", dataDir, "-m", "fast", "-w", "stop"]),
    resume: start,
    stop: () => {
      try {
        pgTool("pg_ctl", ["-D", dataDir, "-m", "immediate", "-w", "stop"]);
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    },
  };
}
