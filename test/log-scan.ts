// Finds secrets in what the app printed during a test run: the exact values of this run's
// secrets (service token, session secret, passwords), and the shapes no line may ever hold
// whatever their value (a sealed session cookie, a share link's whole token, an API key).

export interface Secret {
  name: string;
  value: string;
}

export interface Finding {
  name: string;
  line: number;
}

const SHAPE_PATTERNS: readonly { name: string; pattern: RegExp }[] = [
  // iron-session seals start with this prefix; any cookie value in a line is a leaked session.
  { name: "a session cookie", pattern: /Fe26\.2\*/ },
  // A share token is 43 base64url characters; the logger leaves "[redacted]" in its place.
  { name: "a share token", pattern: /(?:\/|%2F)share(?:\/|%2F)[A-Za-z0-9_-]{43}/i },
  // An API key is its prefix and 43 base64url characters; a test cannot know every key made.
  { name: "an API key", pattern: /psk_[A-Za-z0-9_-]{20,}/ },
];

/** Every line of `text` that holds one of `secrets` or a forbidden shape. */
export function scanForSecrets(text: string, secrets: readonly Secret[]): Finding[] {
  const wanted = secrets.filter((secret) => secret.value.length >= 6);
  const findings: Finding[] = [];
  text.split("\n").forEach((content, index) => {
    for (const secret of wanted) {
      if (content.includes(secret.value)) findings.push({ name: secret.name, line: index + 1 });
    }
    for (const shape of SHAPE_PATTERNS) {
      if (shape.pattern.test(content)) findings.push({ name: shape.name, line: index + 1 });
    }
  });
  return findings;
}

/** One sentence per finding, naming the secret and line but never repeating its value. */
export function describeFindings(findings: readonly Finding[], file: string): string {
  return findings.map((f) => `${f.name} in ${file} line ${f.line}`).join("\n");
}
