// An installation of several app instances, as the two-instance tests start it: one throwaway
// PostgreSQL cluster, one local service (its own process, on ports it picks), and app instances on
// both with one DATABASE_URL and one SESSION_SECRET, each with a data folder of its own.
import type { ChildProcess, StdioOptions } from "node:child_process";
import { mkdirSync, mkdtempSync, openSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { startLocalServiceProcess, type LocalServiceInfo } from "../../scripts/local-service-process";
import { startPostgresCluster, type PostgresCluster } from "../support/postgres-cluster";
import { root, startInstance, stopProcess, type Admin, type Instance } from "./instances";

export interface InstallationOptions {
  /** Names its temporary folder, its session secret and its instances' logs. */
  name: string;
  admin: Admin;
  /** The local service's settings beside its ports (its timings, its limits). */
  serviceEnv?: Record<string, string>;
  /** Every instance's settings beside the database and the session secret. */
  env?: Record<string, string>;
  /** Each instance's output goes to test-results/<name>-app-<instance>.log, for reading after a failure. */
  logs?: boolean;
}

export interface Installation {
  tmp: string;
  cluster: PostgresCluster;
  /** The test's own connections to the instances' database (opened when first asked). */
  db: pg.Pool;
  service: LocalServiceInfo & { child: ChildProcess };
  instances: Instance[];
  /** One more instance, named for its data folder and log, with `env` beside the shared settings. */
  startInstance(name: string, env?: Record<string, string>): Promise<Instance>;
  /** Kills every instance, then stops the service and the database and removes the folder. */
  stop(): Promise<void>;
}

export async function startInstallation(options: InstallationOptions): Promise<Installation> {
  const tmp = mkdtempSync(path.join(tmpdir(), `studio-${options.name}-`));
  let cluster: PostgresCluster | undefined;
  let service: (LocalServiceInfo & { child: ChildProcess }) | undefined;
  try {
    cluster = await startPostgresCluster();
    service = await startLocalServiceProcess(root, path.join(tmp, "local-service"), {
      ...options.serviceEnv,
      // Port 0: the service takes free ports itself and says which (a port picked here first could
      // be taken by another test's server before the service listens on it).
      LOCAL_SERVICE_PORT: "0",
      LOCAL_SERVICE_ASSET_PORT: "0",
    });
  } catch (error) {
    cluster?.stop();
    rmSync(tmp, { recursive: true, force: true });
    throw error;
  }
  const db = new pg.Pool({ connectionString: cluster.databaseUrl, max: 2 });
  // A connection lost while the cluster is paused is dropped; the next query opens another.
  db.on("error", () => undefined);
  const shared = {
    DATABASE_URL: cluster.databaseUrl,
    SESSION_SECRET: `${options.name}-instance-secret-`.repeat(3),
    ...options.env,
  };
  const installation: Installation = {
    tmp,
    cluster,
    db,
    service,
    instances: [],
    async startInstance(name, env = {}) {
      let stdio: StdioOptions | undefined;
      if (options.logs) {
        mkdirSync(path.join(root, "test-results"), { recursive: true });
        const log = openSync(path.join(root, "test-results", `${options.name}-app-${name}.log`), "w");
        stdio = ["ignore", log, log];
      }
      const instance = await startInstance({
        service: installation.service,
        dataDir: path.join(tmp, name),
        admin: options.admin,
        env: { ...shared, ...env },
        stdio,
      });
      installation.instances.push(instance);
      return instance;
    },
    async stop() {
      await Promise.all([
        ...installation.instances.map((instance) => instance.kill()),
        stopProcess(installation.service.child, "SIGTERM"),
      ]);
      await db.end();
      installation.cluster.stop();
      rmSync(tmp, { recursive: true, force: true });
    },
  };
  return installation;
}
