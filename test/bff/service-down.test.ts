import { writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { startLocalServiceProcess } from "../../scripts/local-service-process";
import { api, bff, signIn, until } from "./client";
import { SERVICE_TIMINGS } from "./global-setup";

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

// Stops the local service for real, then starts it again on the same ports and data.
describe("a service that is down", () => {
  it("is reported by health and answered 503 in words, then recovers", async () => {
    const cookie = await signIn();
    const { servicePort, assetPort, serviceDataDir, pidFile } = bff();
    expect(bff().servicePid).toBeGreaterThan(0);
    process.kill(bff().servicePid, "SIGTERM");
    await until(async () => !isAlive(bff().servicePid), "the local service to exit");

    // The health answer is shared for a second: the first ones may still say "up".
    const health = await until(async () => {
      const answer = await (await api("/api/health")).json();
      return answer.service === "down" && answer;
    }, "health to report the service down");
    expect(health).toEqual({ status: "degraded", database: "up", service: "down" });
    // The service being away is no reason to send people to another instance: they all share it.
    expect((await api("/api/ready")).status).toBe(200);
    const one = await api("/api/predictions/some-prediction", { cookie });
    expect(one.status).toBe(503);
    expect(await one.json()).toEqual({
      error: "Service Unavailable",
      message: expect.stringMatching(/cannot be reached/),
    });
    // The gallery keeps answering from its index in the database meanwhile.
    expect((await api("/api/predictions?limit=5", { cookie })).status).toBe(200);

    const again = await startLocalServiceProcess(path.resolve(__dirname, "../.."), serviceDataDir, {
      ...SERVICE_TIMINGS,
      LOCAL_SERVICE_PORT: String(servicePort),
      LOCAL_SERVICE_ASSET_PORT: String(assetPort),
    });
    writeFileSync(pidFile, String(again.child.pid));
    again.child.unref();
    await until(
      async () => (await (await api("/api/health")).json()).service === "up",
      "health to report the service up",
    );
    expect((await api("/api/templates", { cookie })).status).toBe(200);
  }, 60_000);
});
