import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { readBodyBounded } from "./read-body";
import { MAX_JSON_BYTES, readJson, readJsonOrForm } from "./read-json";

// Bodies are counted as they stream: the limit holds whatever Content-Length says, or without it.

/** A request whose body is `chunks` chunks of `size` bytes, pulled one by one; `pulled()` counts them. */
function streamed(size: number, chunks: number, headers: Record<string, string> = {}) {
  let pulled = 0;
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (pulled >= chunks) return controller.close();
        pulled++;
        controller.enqueue(new Uint8Array(size).fill(0x20));
      },
    },
    { highWaterMark: 0 },
  );
  const request = new Request("http://app.test/api/session", {
    method: "POST",
    body,
    headers,
    duplex: "half",
  } as RequestInit);
  return { request, pulled: () => pulled };
}

describe("readBodyBounded", () => {
  it("reads a body of exactly the limit, and refuses one byte more with 413", async () => {
    expect((await readBodyBounded(streamed(100, 10).request, 1000)).byteLength).toBe(1000);
    const over = readBodyBounded(new Request("http://app.test/", { method: "POST", body: "x".repeat(1001) }), 1000);
    await expect(over).rejects.toMatchObject({ status: 413, code: "payload_too_large" });
  });

  it("stops pulling an endless chunked body right after the limit", async () => {
    const { request, pulled } = streamed(16 * 1024, 1_000_000);
    const error = await readBodyBounded(request, MAX_JSON_BYTES).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).message).toBe("The request is too large: at most 64 KB can be sent here.");
    expect(pulled()).toBeLessThanOrEqual(MAX_JSON_BYTES / (16 * 1024) + 2);
  });

  it("does not trust a Content-Length that understates the body", async () => {
    const { request, pulled } = streamed(16 * 1024, 1_000, { "content-length": "10" });
    await expect(readBodyBounded(request, MAX_JSON_BYTES)).rejects.toMatchObject({ status: 413 });
    expect(pulled()).toBeLessThan(10);
  });

  it("reads an empty body as no bytes", async () => {
    expect((await readBodyBounded(new Request("http://app.test/", { method: "POST" }), 10)).byteLength).toBe(0);
  });
});

describe("readJson and readJsonOrForm", () => {
  it("parse JSON, urlencoded and multipart forms within the limit", async () => {
    expect(await readJson(new Request("http://app.test/", { method: "POST", body: '{"a":1}' }))).toEqual({ a: 1 });
    const urlencoded = new Request("http://app.test/", { method: "POST", body: new URLSearchParams({ items: "[1]" }) });
    expect(await readJsonOrForm(urlencoded)).toEqual({ items: "[1]" });
    const form = new FormData();
    form.append("items", "[2]");
    expect(await readJsonOrForm(new Request("http://app.test/", { method: "POST", body: form }))).toEqual({
      items: "[2]",
    });
  });

  it("refuse a form one byte over the limit with 413 before parsing it", async () => {
    const body = `items=${"x".repeat(MAX_JSON_BYTES - 5)}`;
    const request = new Request("http://app.test/", {
      method: "POST",
      body,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(body.length).toBe(MAX_JSON_BYTES + 1);
    await expect(readJsonOrForm(request)).rejects.toMatchObject({ status: 413 });
  });

  it("answer 400 in words for a body that is not JSON", async () => {
    await expect(readJson(new Request("http://app.test/", { method: "POST", body: "{oops" }))).rejects.toMatchObject({
      status: 400,
      message: "The request body must be JSON.",
    });
  });
});
