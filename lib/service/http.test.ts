import { afterEach, describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { withRequestId } from "@/lib/log";
import { freePort } from "../../scripts/free-port";
import {
  createPrediction,
  generateLora,
  getPrediction,
  getProduct,
  listTemplates,
  resetRetryTimingForTests,
} from "./index";
import { json, startFaultServer, TEST_TOKEN, pointServiceAt, type FaultServer } from "./testing/fault-server";

// Transport and error mapping against scripted fault servers.

let server: FaultServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
  resetRetryTimingForTests();
});

async function caught(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => {
      throw new Error("expected a rejection");
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect(JSON.stringify({ m: (error as Error).message, s: String(error) })).not.toContain(TEST_TOKEN);
  return error as AppError;
}

const HTML_503 = "<html><body><h1>503 Service Temporarily Unavailable</h1>nginx</body></html>";

describe("reads", () => {
  it("sends the bearer token to the exact path under the base URL's prefix", async () => {
    server = await startFaultServer((_req, res) => json(res, 200, []));
    pointServiceAt(`${server.origin}/api/v1`);
    await listTemplates();
    expect(server.requests[0].url).toBe("/api/v1/template/");
    expect(server.requests[0].headers.authorization).toBe(`Bearer ${TEST_TOKEN}`);
  });

  it("carries the app request's id to the service as X-Request-Id, and none outside a request", async () => {
    server = await startFaultServer((_req, res) => json(res, 200, { id: 7, lora_enabled: 1 }));
    pointServiceAt(`${server.origin}/api/v1`);
    await withRequestId("req-0001-abcdef", () => getProduct("7"));
    await getProduct("8");
    expect(server.requests[0].headers["x-request-id"]).toBe("req-0001-abcdef");
    expect(server.requests[1].headers["x-request-id"]).toBeUndefined();
  });

  it("retries an HTML 503 a bounded number of times, then says the answer was unreadable", async () => {
    server = await startFaultServer((_req, res) => {
      res.writeHead(503, { "content-type": "text/html" });
      res.end(HTML_503);
    });
    const { sleeps } = pointServiceAt(`${server.origin}/api/v1`);
    const error = await caught(getProduct("7"));
    expect(error.status).toBe(502);
    expect(error.message).toContain("unreadable answer (HTTP 503)");
    expect(error.message).not.toContain("<");
    expect(server.count()).toBe(3);
    expect(sleeps).toHaveLength(2);
  });

  it("honours Retry-After on 429 and succeeds on the next try", async () => {
    server = await startFaultServer((_req, res) => {
      if (server!.count() === 1) {
        return json(res, 429, { error: "Too Many Requests", message: "Slow down" }, { "retry-after": "2" });
      }
      json(res, 200, { id: 7, lora_enabled: 1 });
    });
    const { sleeps } = pointServiceAt(`${server.origin}/api/v1`);
    await expect(getProduct("7")).resolves.toMatchObject({ id: "7", lora_enabled: 1 });
    expect(server.count()).toBe(2);
    expect(sleeps).toEqual([2000]);
  });

  it("hands a Retry-After too long to wait back to the caller without retrying", async () => {
    const date = new Date(Date.now() + 120_000).toUTCString();
    server = await startFaultServer((_req, res) =>
      json(res, 429, { error: "Too Many Requests", message: "Slow down" }, { "retry-after": date }),
    );
    pointServiceAt(`${server.origin}/api/v1`);
    const error = await caught(getProduct("7"));
    expect(error).toMatchObject({ status: 429, message: "Slow down", fromService: true });
    expect(error.retryAfter).toBeGreaterThan(100);
    expect(server.count()).toBe(1);
  });

  it("times out a service that hangs: 504", async () => {
    server = await startFaultServer(() => undefined);
    pointServiceAt(`${server.origin}/api/v1`, undefined, 150);
    const error = await caught(getPrediction("p1"));
    expect(error.status).toBe(504);
    expect(server.count()).toBeGreaterThanOrEqual(1);
  });

  it("says the service cannot be reached when it is down: 503", async () => {
    const port = await freePort();
    pointServiceAt(`http://127.0.0.1:${port}/api/v1`);
    const error = await caught(listTemplates());
    expect(error.status).toBe(503);
    expect(error.message).toMatch(/cannot be reached/);
  });

  it("refuses a non-JSON 200 and a JSON 200 of the wrong shape with 502", async () => {
    server = await startFaultServer((req, res) => {
      if (req.url.endsWith("/a")) {
        res.writeHead(200, { "content-type": "text/html" });
        return res.end("<html>hello</html>");
      }
      json(res, 200, { name: "no id here" });
    });
    pointServiceAt(`${server.origin}/api/v1`);
    expect((await caught(getProduct("a"))).message).toContain("unreadable answer (HTTP 200)");
    expect((await caught(getProduct("b"))).status).toBe(502);
  });

  it("does not forward the service's 401 as the user's 401", async () => {
    server = await startFaultServer((_req, res) =>
      json(res, 401, { error: "Unauthorized", message: "Invalid or missing API token" }),
    );
    pointServiceAt(`${server.origin}/api/v1`);
    const error = await caught(getProduct("7"));
    expect(error.status).toBe(502);
    expect(error.message).toMatch(/service token/);
    expect(server.count()).toBe(1);
  });

  it("passes the service's 403 and 404 through unchanged", async () => {
    server = await startFaultServer((req, res) =>
      req.url.endsWith("/forbidden")
        ? json(res, 403, { error: "Forbidden", message: "Insufficient permissions" })
        : json(res, 404, { error: "Not Found", message: "Product with ID 9 does not exist" }),
    );
    pointServiceAt(`${server.origin}/api/v1`);
    expect(await caught(getProduct("forbidden"))).toMatchObject({
      status: 403,
      message: "Insufficient permissions",
      fromService: true,
    });
    expect(await caught(getProduct("9"))).toMatchObject({ status: 404, message: "Product with ID 9 does not exist" });
  });

  it("never lets the token into an error, even when the service echoes it", async () => {
    server = await startFaultServer((req, res) =>
      json(res, 400, { error: "Bad Request", message: `bad header ${req.headers.authorization}` }),
    );
    pointServiceAt(`${server.origin}/api/v1`);
    expect((await caught(getProduct("7"))).message).toContain("[redacted]");
  });
});

describe("writes", () => {
  it("never retries a POST after a 503", async () => {
    server = await startFaultServer((_req, res) => {
      res.writeHead(503, { "content-type": "text/html" });
      res.end(HTML_503);
    });
    pointServiceAt(`${server.origin}/api/v1`);
    expect((await caught(createPrediction({ product_id: "7", prompt: "a lake", aspect_ratio: "1:1" }))).status).toBe(
      502,
    );
    expect(server.count("POST /api/v1/prediction/")).toBe(1);
    await caught(generateLora("7"));
    expect(server.count("POST /api/v1/product/7/generate-lora")).toBe(1);
  });

  it("never retries a POST that timed out, and says it may have happened", async () => {
    server = await startFaultServer(() => undefined);
    pointServiceAt(`${server.origin}/api/v1`, undefined, 150);
    const error = await caught(createPrediction({ product_id: "7", prompt: "a lake", aspect_ratio: "1:1" }));
    expect(error.status).toBe(504);
    expect(error.message).toMatch(/may still have been created/);
    expect(server.count()).toBe(1);
  });

  it("reports a POST to a service that is down as 503", async () => {
    pointServiceAt(`http://127.0.0.1:${await freePort()}/api/v1`);
    expect((await caught(generateLora("7"))).status).toBe(503);
  });

  it("sends the prediction's form fields and returns the created prediction", async () => {
    server = await startFaultServer((_req, res) =>
      json(res, 200, {
        id: 55,
        product_id: 7,
        prompt: "a lake",
        aspect_ratio: "1:1",
        status: "processing",
        images: [],
        date_modification: "2025-01-01 10:00:00",
      }),
    );
    pointServiceAt(`${server.origin}/api/v1`);
    const prediction = await createPrediction({ product_id: "7", prompt: "a lake", aspect_ratio: "1:1" });
    expect(prediction).toEqual({
      id: "55",
      product_id: "7",
      prompt: "a lake",
      aspect_ratio: "1:1",
      status: "processing",
      images: [],
      date_modification: "2025-01-01 10:00:00",
    });
    const body = server.requests[0].body.toString();
    expect(server.requests[0].headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
    for (const part of ['name="product_id"', 'name="prompt"', 'name="aspect_ratio"', "a lake", "1:1"])
      expect(body).toContain(part);
  });
});
