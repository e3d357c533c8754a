import { describe, expect, it } from "vitest";
import { domainAllowed, parseDomains } from "./domains";

describe("allowed email domains of company sign-in", () => {
  const domains = parseDomains(" Acme.com, @acme.co.uk,,");

  it("reads a comma-separated list, lower-cased, with or without @", () => {
    expect(domains).toEqual(["acme.com", "acme.co.uk"]);
    expect(parseDomains(undefined)).toEqual([]);
  });

  it("lets in an email of an allowed domain, whatever its case", () => {
    expect(domainAllowed("ana@acme.com", domains)).toBe(true);
    expect(domainAllowed("Ben@ACME.CO.UK", domains)).toBe(true);
  });

  it("compares the whole domain: no look-alikes, subdomains or tricks with @", () => {
    expect(domainAllowed("eve@evil-acme.com", domains)).toBe(false);
    expect(domainAllowed("eve@mail.acme.com", domains)).toBe(false);
    expect(domainAllowed("eve@acme.com.evil.test", domains)).toBe(false);
    expect(domainAllowed("acme.com@evil.test", domains)).toBe(false);
    expect(domainAllowed("acme.com", domains)).toBe(false);
    expect(domainAllowed("ana@acme.com", [])).toBe(false);
  });
});
