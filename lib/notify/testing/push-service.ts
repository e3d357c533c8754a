import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

// A stand-in for a browser's push service and the device behind it, for the push tests: a real
// HTTP server that takes what the app posts to a subscription's endpoint, checks the VAPID
// signature as a push service does, and decrypts the body with the device's own private key and
// auth secret (aes128gcm, RFC 8188 and RFC 8291), written here from the RFCs with node:crypto
// rather than with the library the app encrypts with.

export interface FakeDevice {
  /** What the browser would hand the app: PushSubscription.toJSON(). */
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  /** Every push that reached this device, decrypted. */
  received: unknown[];
  /** The VAPID public key (base64url) each push was signed with. */
  signers: string[];
}

export interface PushService {
  origin: string;
  /** A new device with its own keys and endpoint on this service. */
  device(): FakeDevice;
  /** The status the next pushes are answered with (201 as real push services do, 410 when gone). */
  answer: number;
  /** Requests refused before decryption (a bad signature, a body that would not decrypt). */
  refused: string[];
  close(): Promise<void>;
}

export async function startPushService(): Promise<PushService> {
  const devices = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: Buffer; device: FakeDevice }>();
  const service: PushService = {
    origin: "",
    answer: 201,
    refused: [],
    device: () => {
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const id = randomBytes(12).toString("hex");
      const device: FakeDevice = {
        subscription: {
          endpoint: `${service.origin}/push/${id}`,
          keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: auth.toString("base64url") },
        },
        received: [],
        signers: [],
      };
      devices.set(`/push/${id}`, { ecdh, auth, device });
      return device;
    },
    close: async () => undefined,
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const entry = devices.get(req.url ?? "");
      if (!entry || req.method !== "POST") return void res.writeHead(404).end();
      try {
        const signer = checkVapid(String(req.headers.authorization ?? ""), service.origin);
        if (req.headers["content-encoding"] !== "aes128gcm") throw new Error("not aes128gcm");
        if (!req.headers.ttl) throw new Error("no TTL header");
        if (service.answer >= 200 && service.answer < 300) {
          entry.device.received.push(JSON.parse(decrypt(Buffer.concat(chunks), entry.ecdh, entry.auth)));
          entry.device.signers.push(signer);
        }
        res.writeHead(service.answer).end();
      } catch (error) {
        service.refused.push((error as Error).message);
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  service.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  service.close = () => new Promise((resolve) => server.close(() => resolve()));
  return service;
}

// `vapid t=<JWT>, k=<public key>` (RFC 8292): an ES256 JWT for this origin, not expired, signed
// by the key it names. Answers that key.
function checkVapid(header: string, origin: string): string {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header);
  if (!match) throw new Error("no VAPID authorization");
  const [, token, key] = match;
  const [head, claims, signature] = token.split(".");
  const raw = Buffer.from(key, "base64url");
  const publicKey = createPublicKey({
    key: {
      kty: "EC",
      crv: "P-256",
      x: raw.subarray(1, 33).toString("base64url"),
      y: raw.subarray(33).toString("base64url"),
    },
    format: "jwk",
  });
  const signed = verify(
    "sha256",
    Buffer.from(`${head}.${claims}`),
    { key: publicKey, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  if (!signed) throw new Error("VAPID signature does not verify");
  const body = JSON.parse(Buffer.from(claims, "base64url").toString()) as { aud: string; exp: number; sub: string };
  if (body.aud !== origin) throw new Error(`VAPID audience ${body.aud} is not ${origin}`);
  if (body.exp * 1000 < Date.now()) throw new Error("VAPID token expired");
  if (!/^(mailto:|https:)/.test(body.sub)) throw new Error("VAPID subject is not mailto: or https:");
  return key;
}

/** RFC 8291 §3.4 and RFC 8188 §2: one record, padding delimiter 2. */
function decrypt(body: Buffer, ecdh: ReturnType<typeof createECDH>, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20];
  const senderKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const shared = ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), ecdh.getPublicKey(), senderKey]);
  const ikm = Buffer.from(hkdfSync("sha256", shared, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
  const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end -= 1;
  if (plain[end] !== 2) throw new Error("the last record's padding delimiter is missing");
  return plain.subarray(0, end).toString("utf8");
}
