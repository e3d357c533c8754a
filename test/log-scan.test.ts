import { describe, expect, it } from "vitest";
import { describeFindings, scanForSecrets } from "./log-scan";

const secrets = [
  { name: "the service token", value: "svc-token-0f9e8d7c6b5a" },
  { name: "the admin password", value: "bff-admin-password" },
];

const clean = [
  '{"level":30,"requestId":"r-1","method":"GET","path":"/api/share/[redacted]","status":200,"msg":"request"}',
  '{"level":30,"msg":"ready"}',
].join("\n");

describe("scanForSecrets", () => {
  it("finds nothing in clean lines", () => {
    expect(scanForSecrets(clean, secrets)).toEqual([]);
  });

  it("catches a planted service token and password, naming the line", () => {
    const planted = `${clean}\n{"msg":"calling with Bearer svc-token-0f9e8d7c6b5a"}\n{"body":{"password":"bff-admin-password"}}`;
    const found = scanForSecrets(planted, secrets);
    expect(found).toEqual([
      { name: "the service token", line: 3 },
      { name: "the admin password", line: 4 },
    ]);
    expect(describeFindings(found, "app.log")).not.toContain("svc-token-0f9e8d7c6b5a");
  });

  it("catches a sealed session cookie and a whole share token whatever their values", () => {
    const cookie = '{"cookie":"studio_session=Fe26.2*1*abcdef*ghijk"}';
    const share = `{"path":"/share/${"a".repeat(43)}"}`;
    const encoded = `{"next":"%2Fshare%2F${"B".repeat(43)}"}`;
    expect(scanForSecrets([cookie, share, encoded].join("\n"), [])).toEqual([
      { name: "a session cookie", line: 1 },
      { name: "a share token", line: 2 },
      { name: "a share token", line: 3 },
    ]);
  });

  it("catches an API key whatever its value, but not the list's short hint or the logger's cut", () => {
    const key = `{"msg":"Authorization: Bearer psk_${"Q".repeat(43)}"}`;
    const hint = '{"hint":"psk_abcd…"}';
    const cut = '{"msg":"with psk_[redacted]"}';
    expect(scanForSecrets([hint, cut, key].join("\n"), [])).toEqual([{ name: "an API key", line: 3 }]);
  });
});
