import { afterEach, describe, expect, it, vi } from "vitest";
import { log, redactSecrets, redactShareTokens, withRequestId } from "./log";

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
    const out = captured(() =>
      log.warn({ password: "hunter2-long", user: { token: "tok-123456" }, cookie: "c=1" }, "x"),
    );
    expect(out).not.toMatch(/hunter2-long|tok-123456|c=1/);
  });
});

describe("API keys in log lines", () => {
  const KEY = "psk_" + "Zm9vYmFyLWtleS1mb3ItdGhlLWxvZy10ZXN0LW9ubHktMTIz".slice(0, 43);

  it("cuts a key out wherever it sits, and whatever follows Bearer", () => {
    expect(redactSecrets(`calling with ${KEY} now`)).toBe("calling with psk_[redacted] now");
    expect(redactSecrets(`{"h":"Bearer ${KEY}"}`)).toBe('{"h":"Bearer [redacted]"}');
    expect(redactSecrets("authorization: bearer some-other-token-123")).toBe("authorization: bearer [redacted]");
    expect(redactSecrets("Bearer%20abcdef123456")).toBe("Bearer%20[redacted]");
    expect(redactSecrets(`/share/${TOKEN}`)).toBe("/share/[redacted]");
    expect(redactSecrets("psk_abcd… listed")).toBe("psk_abcd… listed");
  });

  it("never writes a key a caller logged: in the message, a field, or a header object", () => {
    const out = captured(() =>
      log.error(
        { err: new Error(`refused ${KEY}`), request: { Authorization: `Bearer ${KEY}` }, note: `key=${KEY}` },
        `request with Authorization: Bearer ${KEY}`,
      ),
    );
    expect(out).toContain("[redacted]");
    expect(out).not.toContain(KEY);
    expect(out).not.toContain(KEY.slice(4, 20));
  });
});
