import { describe, expect, it } from "vitest";
import { webhookUrlProblem } from "./webhook-url";

const forbidden = {
  origins: ["https://pvs.example.com/api/v1", "https://assets.pvs.example.com", "https://studio.example.com"],
  appPort: 3000,
};

describe("webhook addresses", () => {
  it("accepts https anywhere and http on this machine only", () => {
    expect(webhookUrlProblem("https://hooks.slack.com/services/T0/B0/xyz", forbidden)).toBeNull();
    expect(webhookUrlProblem("http://localhost:9000/hook", forbidden)).toBeNull();
    expect(webhookUrlProblem("http://127.0.0.1:9000/hook", forbidden)).toBeNull();
    expect(webhookUrlProblem("http://hooks.example.com/x", forbidden)).toMatch(/https:\/\//);
    expect(webhookUrlProblem("ftp://hooks.example.com/x", forbidden)).toMatch(/https:\/\//);
    expect(webhookUrlProblem("not a url", forbidden)).toMatch(/full address/);
    expect(webhookUrlProblem("https://user:pw@hooks.example.com/x", forbidden)).toMatch(/user name/);
  });

  it("refuses the service's addresses and the app's own", () => {
    expect(webhookUrlProblem("https://pvs.example.com/api/v1/prediction/", forbidden)).toMatch(/cannot point/);
    expect(webhookUrlProblem("https://assets.pvs.example.com:443/x", forbidden)).toMatch(/cannot point/);
    expect(webhookUrlProblem("https://studio.example.com/api/users", forbidden)).toMatch(/cannot point/);
    expect(webhookUrlProblem("http://localhost:3000/api/users", forbidden)).toMatch(/cannot point/);
    expect(webhookUrlProblem("http://127.0.0.1:3000/api/users", forbidden)).toMatch(/cannot point/);
    expect(webhookUrlProblem("http://[::1]:3000/", forbidden)).toMatch(/cannot point/);
  });
});
