// A local identity provider for trying the company sign-in and for its tests: oidc-provider (the
// certified OpenID provider for Node) on this machine, with a few people and one client registered
// for the app's callback. Its sign-in page asks for an email and a password; there is no consent
// step (the app is the company's own). Its data lives in memory: a restart forgets its sessions.
import { generateKeyPairSync, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import Provider, { type KoaContextWithOIDC } from "oidc-provider";
import { freePort } from "./free-port";

export interface LocalPerson {
  email: string;
  password: string;
  name: string;
  emailVerified?: boolean;
  groups?: string[];
}

export interface LocalOidc {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The OIDC_* variables that point the app at this provider. */
  appEnv: Record<string, string>;
  close(): Promise<void>;
}

/** The people of `LOCAL_OIDC=1 npm start` and of the tests: two at acme.test, one elsewhere. */
export const LOCAL_PEOPLE: LocalPerson[] = [
  { email: "ana@acme.test", password: "ana-password", name: "Ana Lima", groups: ["marketing"] },
  { email: "ben@acme.test", password: "ben-password", name: "Ben Okafor", groups: ["studio-admins", "marketing"] },
  { email: "eve@elsewhere.test", password: "eve-password", name: "Eve Moreau" },
];

export async function startLocalOidc(options: {
  /** The app's address (APP_URL), to register its callback. */
  appUrl: string;
  people?: LocalPerson[];
  port?: number;
}): Promise<LocalOidc> {
  const people = options.people ?? LOCAL_PEOPLE;
  const port = options.port ?? (await freePort());
  // 127.0.0.1 while the app is opened at localhost: another site, as a real provider is.
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = "product-studio";
  const clientSecret = randomBytes(24).toString("base64url");
  const key = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ format: "jwk" });
  const find = (email: string) => people.find((person) => person.email === email.trim().toLowerCase());

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [`${options.appUrl.replace(/\/+$/, "")}/api/session/sso/callback`],
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_post",
      },
    ],
    jwks: { keys: [{ ...key, kid: "local", use: "sig", alg: "RS256" }] },
    cookies: { keys: [randomBytes(32).toString("base64url")] },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name", "groups"] },
    // Email and groups in the ID token itself, as most company providers send them.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    // Short lives, said out loud (the provider warns about each one left to its default).
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    interactions: {
      url: (_ctx: KoaContextWithOIDC, interaction: { uid: string }) => `/interaction/${interaction.uid}`,
    },
    async findAccount(_ctx: KoaContextWithOIDC, sub: string) {
      const person = find(sub);
      if (!person) return undefined;
      return {
        accountId: person.email,
        claims: async () => ({
          sub: person.email,
          email: person.email,
          email_verified: person.emailVerified ?? true,
          name: person.name,
          groups: person.groups ?? [],
        }),
      };
    },
    // No consent step: every scope the app asks for is granted.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const accountId = ctx.oidc.session?.accountId;
      if (!accountId || !ctx.oidc.client) return undefined;
      const grant = new ctx.oidc.provider.Grant({ accountId, clientId: ctx.oidc.client.clientId });
      grant.addOIDCScope([...(ctx.oidc.requestParamScopes ?? [])].join(" "));
      await grant.save();
      return grant;
    },
  });

  const handle = provider.callback();
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", issuer);
    // A browser asks for an icon; without an answer its console logs a 404.
    if (url.pathname === "/favicon.ico") return void res.writeHead(204).end();
    if (url.pathname.startsWith("/interaction/")) {
      return void interaction(provider, find, req, res).catch((error: unknown) => {
        res.writeHead(400, { "content-type": "text/plain" }).end(`Sign-in failed: ${(error as Error).message}`);
      });
    }
    handle(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  return {
    issuer,
    clientId,
    clientSecret,
    appEnv: { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: clientId, OIDC_CLIENT_SECRET: clientSecret },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// The sign-in page (GET) and its answer (POST): a known email with its password signs in, Cancel
// sends the app `access_denied`, anything else shows the form again with words.
async function interaction(
  provider: Provider,
  find: (email: string) => LocalPerson | undefined,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const details = await provider.interactionDetails(req, res);
  if (req.method !== "POST") return page(res, details.uid, null);
  const form = new URLSearchParams(await body(req));
  if (form.get("cancel")) {
    return provider.interactionFinished(
      req,
      res,
      { error: "access_denied", error_description: "The person cancelled." },
      { mergeWithLastSubmission: false },
    );
  }
  const person = find(form.get("email") ?? "");
  if (!person || person.password !== form.get("password"))
    return page(res, details.uid, "That email and password are not right.");
  await provider.interactionFinished(
    req,
    res,
    { login: { accountId: person.email } },
    { mergeWithLastSubmission: false },
  );
}

function page(res: ServerResponse, uid: string, error: string | null): void {
  const alert = error ? `<p role="alert">${error}</p>` : "";
  res.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" }).end(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Local identity provider</title></head>
<body style="font-family:system-ui,sans-serif;max-width:24rem;margin:4rem auto;padding:0 1rem">
<main><h1>Local identity provider</h1>${alert}
<form method="post" action="/interaction/${encodeURIComponent(uid)}">
<p><label>Email <input name="email" type="email" autocomplete="username" required></label></p>
<p><label>Password <input name="password" type="password" autocomplete="current-password" required></label></p>
<p><button type="submit">Continue</button> <button type="submit" name="cancel" value="1" formnovalidate>Cancel</button></p>
</form></main></body></html>`);
}

function body(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => {
      text += chunk;
      if (text.length > 10_000) req.destroy(new Error("form too large"));
    });
    req.on("end", () => resolve(text));
    req.on("error", reject);
  });
}
