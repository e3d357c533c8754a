import { afterEach, describe, expect, it, vi } from "vitest";
import { log, redactShareTokens, withRequestId } from "./log";

const TOKEN = "Q2hhbmdlLW1lLXBsZWFzZS10aGlzLWlzLWEtdG9rZW4";

afterEach(() => vi.restoreAllMocks());

function captured(write: () => void): string {
  const lines: string[] = [];
  vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
    lines.push(String(chunk));
    return true;
  });
  write();
  vi.restoreAllMocks();
  return lines.join("");
}

describe("redactShareTokens", () => {
  it("cuts the token out of share paths, plain and percent-encoded", () => {
    expect(redactShareTokens(`GET /share/${TOKEN}`)).toBe("GET /share/[redacted]");
    expect(redactShareTokens(`/api/share/${TOKEN}/image?p=1`)).toBe("/api/share/[redacted]/image?p=1");
    expect(redactShareTokens(`next=%2Fshare%2F${TOKEN}`)).toBe("next=%2Fshare%2F[redacted]");
    expect(redactShareTokens("/shares/abc-id")).toBe("/shares/abc-id");
  });
});

describe("log", () => {
  it("writes one JSON line with the request id and no share token, however deep the URL sits", () => {
    const out = captured(() =>
      withRequestId("req-log-test-1", () =>
        log.warn({ detail: { url: `https://studio.example/share/${TOKEN}` } }, `opened /share/${TOKEN}`),
      ),
    );
    expect(out).not.toContain(TOKEN);
    const line = JSON.parse(out) as { requestId: string; msg: string; detail: { url: string } };
    expect(line.requestId).toBe("req-log-test-1");
    expect(line.msg).toBe("opened /share/[redacted]");
    expect(line.detail.url).toBe("https://studio.example/share/[redacted]");
  });

  it("censors password, token and cookie fields", () => {
    const out = captured(() => log.warn({ password: "hunter2-long", user: { token: "tok-123456" }, cookie: "c=1" }, "x"));
    expect(out).not.toMatch(/hunter2-long|tok-123456|c=1/);
  });
});
