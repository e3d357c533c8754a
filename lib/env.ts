import "server-only";
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { SESSION_SECRET_FILE } from "@/lib/data-dir";
import { parseRoleMap } from "@/lib/auth/oidc-settings/role-map";
import { ROLES } from "@/lib/schemas/roles";
import { parseAddressList } from "@/lib/net/address-list";
import { MAX_TEXTURE_BYTES } from "@/lib/schemas/product";
import { PASSWORD_MIN_LENGTH } from "@/lib/schemas/password";

// Every environment variable the app reads, validated once. `npm start` (scripts/start.ts)
// starts the local service and hands its address and token to the app when PVS_BASE_URL is unset.

const url = (name: string) => z.url({ message: `${name} must be a URL such as http://127.0.0.1:4010/api/v1` });

const base64urlBytes = (name: string, bytes: number) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, `${name} must be base64url, as npx web-push generate-vapid-keys prints it`)
    .refine((value) => Buffer.from(value, "base64url").length === bytes, `${name} must be ${bytes} bytes long`);

const schema = z.object({
  PVS_BASE_URL: url("PVS_BASE_URL"),
  PVS_ASSET_URL: url("PVS_ASSET_URL"),
  PVS_API_TOKEN: z.string().min(1, "PVS_API_TOKEN is empty"),
  PVS_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
  SESSION_SECRET: z.string().min(32, "SESSION_SECRET must be at least 32 characters").optional(),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default("./data"),
  /** The most bytes of thumbnails kept on disk; the least recently used go first. 1 GB by default. */
  THUMB_CACHE_MAX_BYTES: z.coerce
    .number({ message: "THUMB_CACHE_MAX_BYTES must be a number of bytes" })
    .int("THUMB_CACHE_MAX_BYTES must be a whole number of bytes")
    .min(1024, "THUMB_CACHE_MAX_BYTES must be at least 1024 bytes")
    .default(1024 ** 3),
  ADMIN_EMAIL: z.email({ message: "ADMIN_EMAIL must be an email address" }).optional(),
  ADMIN_PASSWORD: z
    .string()
    .min(PASSWORD_MIN_LENGTH, `ADMIN_PASSWORD must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .optional(),
  // How many proxies in front of the app append to X-Forwarded-For; 0 believes no such header.
  TRUST_PROXY: z.coerce.number().int().min(0, "TRUST_PROXY must be 0 or more").max(10).default(0),
  /** Bearer token that opens GET /api/metrics; without it (and METRICS_ALLOW) the route answers 404. */
  METRICS_TOKEN: z.string().min(16, "METRICS_TOKEN must be at least 16 characters").optional(),
  /** Addresses and ranges (comma-separated, e.g. 10.0.0.0/8,127.0.0.1) that may read GET /api/metrics without the token. */
  METRICS_ALLOW: z
    .string()
    .superRefine((value, ctx) => {
      try {
        parseAddressList(value);
      } catch (error) {
        ctx.addIssue({ code: "custom", message: (error as Error).message });
      }
    })
    .optional(),
  // Product uploads: one texture file, and the whole request (all files and fields together).
  UPLOAD_MAX_FILE_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .max(
      MAX_TEXTURE_BYTES,
      `UPLOAD_MAX_FILE_BYTES can be at most ${MAX_TEXTURE_BYTES} (the largest texture the upload form accepts)`,
    )
    .default(MAX_TEXTURE_BYTES),
  UPLOAD_MAX_REQUEST_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(100 * 1024 * 1024),
  // Sign-offs (approvals and comments) a share link's visitors may send per hour: per link, and
  // per client address across links.
  SHARE_SIGN_OFF_PER_LINK_HOUR: z.coerce.number().int().positive().max(100_000).default(300),
  SHARE_SIGN_OFF_PER_ADDRESS_HOUR: z.coerce.number().int().positive().max(100_000).default(120),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  NODE_ENV: z.string().default("development"),
  /** The app's public address, for links in emails and webhooks; default http://localhost:PORT. */
  APP_URL: url("APP_URL").optional(),
  /** smtp://user:password@host:port or smtps://…; without it no email is sent. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "SMTP_URL must start with smtp:// or smtps://")
    .optional(),
  MAIL_FROM: z.string().default("Product Studio <studio@localhost>"),
  /** `off` stops this instance from watching trainings and predictions (another one may). */
  WATCHER: z.enum(["on", "off"]).default("on"),
  /** The watcher's budget of service calls per minute, shared by everything under way. */
  WATCHER_CALLS_PER_MINUTE: z.coerce.number().int().min(1).default(90),
  /** How long the watching instance's lease lasts: another instance takes over within it. */
  WATCHER_LEASE_MS: z.coerce.number().int().min(2_000).default(30_000),
  /** `off` stops this instance from sending campaign and batch shots (another one may). */
  CAMPAIGN_ENGINE: z.enum(["on", "off"]).default("on"),
  /** The most shots one campaign may ask for. */
  CAMPAIGN_MAX_SHOTS: z.coerce.number().int().min(1).max(100_000).default(2_000),
  /** Prediction creates per second at most, whatever the service allows. */
  CAMPAIGN_MAX_CREATES_PER_SECOND: z.coerce.number().positive().max(100).default(5),
  /** Prediction creates awaiting the service's answer at once, at most. */
  CAMPAIGN_MAX_IN_FLIGHT: z.coerce.number().int().min(1).max(64).default(4),
  /**
   * A create whose answer was lost is sent again only when a read of the service's list that
   * began this long after it was sent still does not show it.
   */
  CAMPAIGN_RECONCILE_GRACE_MS: z.coerce.number().int().min(0).default(120_000),
  /** How often a campaign asks the service whether a product's training has finished. */
  CAMPAIGN_TRAINING_CHECK_MS: z.coerce.number().int().min(100).default(30_000),
  /** How long a person's Generate waits for its shots to be sent before answering "queued". */
  CAMPAIGN_WAIT_FOR_SEND_MS: z.coerce.number().int().min(0).max(60_000).default(8_000),
  /**
   * `on` lets team webhooks call a receiver on this machine (localhost, 127.x, ::1, plain http
   * allowed): for development and the test suites. Off, a webhook reaches public addresses only.
   */
  WEBHOOK_ALLOW_LOCALHOST: z.enum(["on", "off"]).default("off"),
  /** Channel copies (downloads and ZIPs with a preset or format) decoded at once by this process; the rest wait. */
  EXPORTS_AT_ONCE: z.coerce.number().int().min(1).max(16).default(2),
  /** One person's downloads with a channel copy under way at once on this process; one more is a 429. */
  EXPORTS_PER_PERSON: z.coerce.number().int().min(1).max(16).default(2),
  /**
   * What one person may ask of the service by hand per minute: shots (Generate and batches; a
   * campaign's shots queue instead) and LoRA trainings started. The service's own limits are
   * shared by the whole installation: one person must not spend everyone's share.
   */
  PERSON_SHOTS_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(30),
  PERSON_TRAININGS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000).default(2),
  /** Requests one API key may make per minute, on all instances together; one more is a 429 with Retry-After. */
  API_KEY_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(600),
  /** Live-update streams (GET /api/events) one person may hold open on one instance: about one per tab. */
  EVENT_STREAMS_PER_PERSON: z.coerce.number().int().min(1).max(10_000).default(20),
  /** Live-update streams one instance holds at once; one more is a 429 (the page polls meanwhile). */
  EVENT_STREAMS_PER_INSTANCE: z.coerce.number().int().min(1).max(100_000).default(5_000),
  /**
   * How often an idle live-update stream is sent a comment, so that proxies and load balancers
   * between the browser and the app do not close it as idle (their idle timeout must be longer).
   */
  EVENT_HEARTBEAT_MS: z.coerce.number().int().min(1_000).max(60_000).default(15_000),
  /** On SIGTERM, how long requests under way (uploads, downloads) may take to finish before the process exits. */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(30_000),
  /**
   * Sign-in with the company's identity provider (OpenID Connect). Without OIDC_ISSUER there is
   * no such button and only passwords sign in. See lib/auth/oidc/settings.ts for the rest.
   */
  OIDC_ISSUER: url("OIDC_ISSUER")
    .refine((value) => {
      const issuer = new URL(value);
      return issuer.protocol === "https:" || ["localhost", "127.0.0.1", "[::1]"].includes(issuer.hostname);
    }, "OIDC_ISSUER must be an https:// address (http:// only for a provider on this machine)")
    .optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  /** The button's words on the sign-in page. */
  OIDC_NAME: z.string().min(1).max(60).default("Sign in with your company account"),
  OIDC_DEFAULT_ROLE: z
    .enum(ROLES, { message: "OIDC_DEFAULT_ROLE must be admin, editor or reviewer" })
    .default("reviewer"),
  /** Email domains (comma-separated) whose people get an account at their first sign-in. */
  OIDC_ALLOWED_DOMAINS: z.string().optional(),
  /** The ID token's (or userinfo's) claim that lists a person's groups, e.g. `groups`. */
  OIDC_ROLE_CLAIM: z.string().min(1).optional(),
  /** Groups to roles, e.g. `studio-admins=admin,marketing=editor`; the highest role wins. */
  OIDC_ROLE_MAP: z
    .string()
    .superRefine((value, ctx) => {
      try {
        parseRoleMap(value);
      } catch (error) {
        ctx.addIssue({ code: "custom", message: (error as Error).message });
      }
    })
    .optional(),
  /**
   * The VAPID key pair that signs notifications sent to people's devices (base64url, as
   * `npx web-push generate-vapid-keys` prints them). Unset, a pair is made at the first start and
   * kept in the database (lib/notify/push-keys.ts). Both or neither.
   */
  VAPID_PUBLIC_KEY: base64urlBytes("VAPID_PUBLIC_KEY", 65).optional(),
  VAPID_PRIVATE_KEY: base64urlBytes("VAPID_PRIVATE_KEY", 32).optional(),
  /** Who push services may contact about this installation: mailto:someone@example.com or an https:// address. */
  VAPID_SUBJECT: z
    .string()
    .regex(
      /^(mailto:[^@\s]+@[^@\s]+|https:\/\/\S+)$/,
      "VAPID_SUBJECT must be mailto:someone@example.com or an https:// address",
    )
    .optional(),
  /** Scales the retry delays of emails and webhooks (tests make them short). */
  NOTIFY_RETRY_SCALE: z.coerce.number().positive().default(1),
});

export type Env = Omit<z.infer<typeof schema>, "SESSION_SECRET"> & { SESSION_SECRET: string };

let cached: Env | undefined;

export function env(): Env {
  if (cached) return cached;
  const source = Object.fromEntries(Object.entries(process.env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = issue.path.join(".");
      return issue.code === "invalid_type" && issue.input === undefined
        ? `  ${name} is not set`
        : `  ${name}: ${issue.message}`;
    });
    throw new Error(
      `Product Studio cannot start; its environment is incomplete:\n${lines.join("\n")}\n` +
        "Start it with `npm start` (which runs the local service), or set PVS_BASE_URL, " +
        "PVS_ASSET_URL and PVS_API_TOKEN to reach a real service. See .env.example.",
    );
  }
  const oidcMissing = parsed.data.OIDC_ISSUER
    ? (["OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET"] as const).filter((name) => !parsed.data[name])
    : [];
  if (oidcMissing.length > 0) {
    throw new Error(
      `Product Studio cannot start: OIDC_ISSUER is set, so ${oidcMissing.join(", ")} must be set too. See .env.example.`,
    );
  }
  if (Boolean(parsed.data.VAPID_PUBLIC_KEY) !== Boolean(parsed.data.VAPID_PRIVATE_KEY)) {
    throw new Error(
      "Product Studio cannot start: set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither (a pair is then made and kept).",
    );
  }
  const dataDir = path.resolve(parsed.data.DATA_DIR);
  cached = {
    ...parsed.data,
    DATA_DIR: dataDir,
    SESSION_SECRET: parsed.data.SESSION_SECRET ?? keptSessionSecret(dataDir),
  };
  return cached;
}

/** Test hook: forget the parsed environment so the next call reads process.env again. */
export function resetEnvForTests(): void {
  cached = undefined;
}

// With no SESSION_SECRET the secret is generated once and kept in DATA_DIR, so sessions
// survive a restart without anyone having to configure anything.
function keptSessionSecret(dataDir: string): string {
  const file = path.join(dataDir, SESSION_SECRET_FILE);
  try {
    const kept = readFileSync(file, "utf8").trim();
    if (kept.length >= 32) return kept;
  } catch {
    // not yet generated
  }
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
