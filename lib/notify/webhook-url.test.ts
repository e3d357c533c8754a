import { describe, expect, it } from "vitest";
import { NOT_PUBLIC_WORDS, webhookUrlProblem } from "./webhook-url";

const forbidden = {
  origins: ["https://pvs.example.com/api/v1", "https://assets.pvs.example.com", "https://studio.example.com"],
  appPort: 3000,
};
/** Development and the test suites: receivers on this machine allowed (WEBHOOK_ALLOW_LOCALHOST=on). */
const local = { ...forbidden, allowLocalhost: true };

// Loopback in every spelling the URL parser accepts, and the other addresses a webhook must not reach.
const LOOPBACK = [
  "http://localhost:9000/hook",
  "http://localhost.:9000/hook",
  "http://hooks.localhost:9000/hook",
  "http://127.0.0.1:9000/hook",
  "http://2130706433:9000/hook",
  "http://0x7f000001:9000/hook",
  "http://0177.0.0.1:9000/hook",
  "http://127.1:9000/hook",
  "http://127.255.255.254:9000/hook",
  "http://[::1]:9000/hook",
  "https://127.0.0.1/hook",
  "https://[::ffff:7f00:1]/hook",
  "https://[::ffff:127.0.0.1]/hook",
];
const PRIVATE = [
  "https://169.254.169.254/latest/meta-data/",
  "https://[::ffff:169.254.169.254]/",
  "https://10.0.0.1/hook",
  "https://0x0a000001/hook",
  "https://172.16.5.4/hook",
  "https://192.168.1.20/hook",
  "https://100.64.0.1/hook",
  "https://0.0.0.0/hook",
  "https://0/hook",
  "https://[::]/hook",
  "https://[fd00::1]/hook",
  "https://[fe80::1]/hook",
  "https://[64:ff9b::a00:1]/hook",
  "https://[2002:a00:1::]/hook",
  "https://224.0.0.1/hook",
  "https://255.255.255.255/hook",
];

describe("webhook addresses", () => {
  it("accepts https to public addresses and names", () => {
    expect(webhookUrlProblem("https://hooks.slack.com/services/T0/B0/xyz", forbidden)).toBeNull();
    expect(webhookUrlProblem("https://203.0.114.7/hook", forbidden)).toBeNull();
    expect(webhookUrlProblem("https://[2606:4700::1111]/hook", forbidden)).toBeNull();
    expect(webhookUrlProblem("http://hooks.example.com/x", forbidden)).toMatch(/must start with https:\/\//);
    expect(webhookUrlProblem("ftp://hooks.example.com/x", forbidden)).toMatch(/https:\/\//);
    expect(webhookUrlProblem("not a url", forbidden)).toMatch(/full address/);
    expect(webhookUrlProblem("https://user:pw@hooks.example.com/x", forbidden)).toMatch(/user name/);
  });

  it.each(LOOPBACK)("refuses %s: this machine, however it is written", (url) => {
    expect(webhookUrlProblem(url, forbidden)).toBe(NOT_PUBLIC_WORDS);
  });

  it.each(PRIVATE)("refuses %s: private, link-local, metadata or reserved", (url) => {
    expect(webhookUrlProblem(url, forbidden)).toBe(NOT_PUBLIC_WORDS);
    // Allowing this machine allows nothing else.
    expect(webhookUrlProblem(url, local)).toBe(NOT_PUBLIC_WORDS);
  });

  it("allows a receiver on this machine, plain http too, only where WEBHOOK_ALLOW_LOCALHOST is on", () => {
    for (const url of LOOPBACK) expect(webhookUrlProblem(url, local), url).toBeNull();
    expect(webhookUrlProblem("http://hooks.example.com/x", local)).toBe(
      "The address must start with https:// (http:// is allowed only for localhost).",
    );
  });

  it("refuses the service's addresses and the app's own", () => {
    expect(webhookUrlProblem("https://pvs.example.com/api/v1/prediction/", forbidden)).toMatch(
      /cannot point at this app/,
    );
    expect(webhookUrlProblem("https://assets.pvs.example.com:443/x", forbidden)).toMatch(/cannot point at this app/);
    expect(webhookUrlProblem("https://studio.example.com/api/users", forbidden)).toMatch(/cannot point at this app/);
    for (const url of [
      "http://localhost:3000/api/users",
      "http://127.0.0.1:3000/api/users",
      "http://[::1]:3000/",
      "http://2130706433:3000/",
      "http://127.1:3000/",
    ]) {
      expect(webhookUrlProblem(url, local), url).toMatch(/cannot point at this app/);
    }
  });
});
