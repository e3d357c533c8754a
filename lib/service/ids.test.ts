import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { createPrediction, generateLora, getPrediction, getProduct, getTemplate } from "./index";
import { json, startFaultServer, pointServiceAt, type FaultServer } from "./testing/fault-server";

// Ids that could change a path's meaning are refused before any request leaves the app.

let server: FaultServer;
beforeAll(async () => {
  server = await startFaultServer((_req, res) => json(res, 200, { id: "ok", lora_enabled: 0, images: [] }));
  pointServiceAt(`${server.origin}/api/v1`);
});
afterAll(() => server.close());

const PROBES = [
  "",
  ".",
  "..",
  "a/b",
  "a\\b",
  "%2e",
  "%2e%2e",
  "x?y",
  "x#y",
  "a b",
  "tab\there",
  "nl\n",
  "\u0000",
  "x".repeat(200),
];

describe("id probes", () => {
  const operations: Array<[string, (id: string) => Promise<unknown>]> = [
    ["getProduct", getProduct],
    ["getPrediction", getPrediction],
    ["getTemplate", getTemplate],
    ["generateLora", generateLora],
    ["createPrediction", (id) => createPrediction({ product_id: id, prompt: "p", aspect_ratio: "1:1" })],
  ];
  for (const [name, call] of operations) {
    it(`${name} refuses every probe with 400 and makes no request`, async () => {
      for (const probe of PROBES) {
        const error = await call(probe).catch((e: unknown) => e);
        expect(error, JSON.stringify(probe)).toBeInstanceOf(AppError);
        expect((error as AppError).status).toBe(400);
        expect((error as AppError).message).toMatch(/is not a valid (product|prediction|template) id/);
      }
      expect(server.count()).toBe(0);
    });
  }

  it("accepts ordinary ids and encodes them into the path", async () => {
    await getProduct("abc-123_X.y");
    await getTemplate("12");
    expect(server.requests.map((r) => r.url)).toEqual(["/api/v1/product/abc-123_X.y", "/api/v1/template/12"]);
  });
});
