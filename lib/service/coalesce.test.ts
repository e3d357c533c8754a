import { afterEach, describe, expect, it } from "vitest";
import { clearServiceCache, getPrediction, getProduct, listLoraTemplates, streamPredictionList } from "./index";
import { json, startFaultServer, pointServiceAt, type FaultServer } from "./testing/fault-server";

// Many pollers of one resource cost the service one request.

let server: FaultServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe("coalescing", () => {
  it("serves 50 concurrent getPrediction calls with 1 upstream request", async () => {
    server = await startFaultServer((_req, res) => {
      setTimeout(() => json(res, 200, { id: "p1", product_id: "7", prompt: "x", images: [] }), 50);
    });
    pointServiceAt(`${server.origin}/api/v1`);
    const answers = await Promise.all(Array.from({ length: 50 }, () => getPrediction("p1")));
    expect(server.count("GET /api/v1/prediction/p1")).toBe(1);
    expect(new Set(answers.map((a) => a.id))).toEqual(new Set(["p1"]));
    // Each caller has its own copy.
    answers[0].images.push("mutated");
    expect((await getPrediction("p1")).images).toEqual([]);
    expect(server.count()).toBe(1);
  });

  it("keeps different resources apart and does not keep failures", async () => {
    let fail = true;
    server = await startFaultServer((req, res) => {
      if (fail) return json(res, 404, { error: "Not Found", message: "Product with ID 1 does not exist" });
      json(res, 200, { id: req.url.split("/").pop(), lora_enabled: 0 });
    });
    pointServiceAt(`${server.origin}/api/v1`);
    await expect(getProduct("1")).rejects.toMatchObject({ status: 404 });
    fail = false;
    await expect(getProduct("1")).resolves.toMatchObject({ id: "1" });
    await expect(getProduct("2")).resolves.toMatchObject({ id: "2" });
    await streamPredictionList(async () => undefined).catch(() => undefined);
    expect(server.count("GET /api/v1/product/1")).toBe(2);
  });

  it("can be bypassed for tests", async () => {
    server = await startFaultServer((_req, res) => json(res, 200, { id: "1", lora_enabled: 0 }));
    pointServiceAt(`${server.origin}/api/v1`);
    clearServiceCache({ bypass: true });
    await getProduct("1");
    await getProduct("1");
    expect(server.count()).toBe(2);
    clearServiceCache();
  });
});

describe("listLoraTemplates", () => {
  it("keeps the templates whose detail says available, fetching at most 4 details at once", async () => {
    let active = 0;
    let peak = 0;
    server = await startFaultServer((req, res) => {
      if (req.url === "/api/v1/template/") {
        return json(
          res,
          200,
          Array.from({ length: 10 }, (_, i) => ({ id: i + 1, name: `T${i + 1}` })),
        );
      }
      const id = Number(req.url.split("/").pop());
      active++;
      peak = Math.max(peak, active);
      setTimeout(() => {
        active--;
        if (id === 10) return json(res, 404, { error: "Not Found", message: "gone" });
        json(res, 200, {
          id,
          name: `T${id}`,
          loraScene: id % 3 === 0 ? "unavailable" : id === 5 ? undefined : "available",
          textures: [{ key: "front", label: "Front" }],
        });
      }, 20);
    });
    pointServiceAt(`${server.origin}/api/v1`);
    const list = await listLoraTemplates();
    expect(list.map((t) => t.id)).toEqual(["1", "2", "4", "7", "8"]);
    expect(list[0].texture_slots).toEqual([{ key: "front", label: "Front" }]);
    expect(peak).toBeLessThanOrEqual(4);
    const before = server.count();
    await listLoraTemplates();
    expect(server.count()).toBe(before);
  });
});
