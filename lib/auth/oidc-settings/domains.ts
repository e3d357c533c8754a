// Which people may get an account at their first sign-in through the identity provider: those
// whose verified email is in one of OIDC_ALLOWED_DOMAINS. The domain is compared whole (no
// subdomains, no suffix match): `example.com` does not let in `evil-example.com` or `a.example.com`.

export function parseDomains(text: string | undefined): string[] {
  return (text ?? "")
    .split(",")
    .map((domain) => domain.trim().toLowerCase().replace(/^@/, ""))
    .filter(Boolean);
}

export function emailDomain(email: string): string {
  return email.slice(email.lastIndexOf("@") + 1).toLowerCase();
}

export function domainAllowed(email: string, domains: readonly string[]): boolean {
  if (!email.includes("@")) return false;
  return domains.includes(emailDomain(email));
}
