import "server-only";
import http from "node:http";
import https from "node:https";
import { addressLiteral, mayConnect, publicOnlyLookup } from "@/lib/net/public-address";

// One webhook call, made with node:http(s) rather than fetch: Node's fetch takes no `lookup`, and
// only a lookup of our own lets the address be checked after DNS, on the very socket that
// connects (lib/net/public-address.ts). Redirects are never followed (a redirect is an answer
// like any other, and not a 2xx). A fresh socket per call (no shared agent): nothing checked for
// one call is reused by another.

export interface WebhookCall {
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  /** Receivers on this machine allowed (WEBHOOK_ALLOW_LOCALHOST). */
  allowLocalhost: boolean;
  /** Tests: resolves names without real DNS. */
  resolve?: Parameters<typeof publicOnlyLookup>[0]["resolve"];
}

/**
 * The words the admin sees for a failed call, the last of them kept with the webhook. "could not
 * connect" is said alike for an address that is refused (private, this machine) and one where
 * nothing answered: telling them apart would let an admin map which ports are open inside the
 * network. A status is only ever heard from a public receiver.
 */
export const COULD_NOT_CONNECT = "could not connect";
export const NO_ANSWER = (seconds: number) => `no answer within ${seconds} s`;

/** null when the receiver answered 2xx; otherwise the failure in words. */
export async function deliverWebhook(call: WebhookCall): Promise<string | null> {
  const answer = await postChecked(call);
  if ("failure" in answer) return answer.failure;
  return answer.status >= 200 && answer.status < 300 ? null : `HTTP ${answer.status}`;
}

/**
 * One POST to an address checked as above, for webhooks and pushes alike: the receiver's status,
 * or the failure in words when none was heard.
 */
export function postChecked(
  call: Omit<WebhookCall, "body"> & { body: string | Buffer },
): Promise<{ status: number } | { failure: string }> {
  let url: URL;
  try {
    url = new URL(call.url);
  } catch {
    return Promise.resolve({ failure: COULD_NOT_CONNECT });
  }
  const literal = addressLiteral(url.hostname);
  if (
    (url.protocol !== "https:" && url.protocol !== "http:") ||
    (literal && !mayConnect(literal, call.allowLocalhost))
  ) {
    return Promise.resolve({ failure: COULD_NOT_CONNECT });
  }
  const send = url.protocol === "https:" ? https.request : http.request;
  return new Promise((resolve) => {
    let settled = false;
    const done = (result: { status: number } | { failure: string }) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const request = send(
      url,
      {
        method: "POST",
        agent: false,
        lookup: publicOnlyLookup({ allowLoopback: call.allowLocalhost, resolve: call.resolve }),
        headers: { ...call.headers, "content-length": String(Buffer.byteLength(call.body)) },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        response.resume();
        response.on("end", () => done({ status }));
        response.on("error", () => done({ status }));
      },
    );
    const timer = setTimeout(() => {
      done({ failure: NO_ANSWER(Math.round(call.timeoutMs / 1000)) });
      request.destroy();
    }, call.timeoutMs);
    request.on("error", () => done({ failure: COULD_NOT_CONNECT }));
    request.end(call.body);
  });
}
