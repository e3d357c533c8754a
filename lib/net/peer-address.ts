import "server-only";
import http from "node:http";

// Next's own server (`next start`) tells route handlers the client's address only through
// `x-forwarded-for`, and only when the request did not bring one (next/dist/server/base-server.js:
// `req.headers['x-forwarded-for'] ??= socket.remoteAddress`). A client can therefore claim any
// address. So the socket's address is stamped on every incoming request here, under a header
// name that overwrites whatever the client sent; lib/net/client-address.ts reads it.

export const PEER_ADDRESS_HEADER = "x-studio-peer-address";
const installed = Symbol.for("product-studio.peer-address");

/** Once per process, before requests arrive (instrumentation.ts). */
export function stampPeerAddresses(): void {
  const proto = http.Server.prototype as http.Server & { [installed]?: true };
  if (proto[installed]) return;
  proto[installed] = true;
  const emit = proto.emit;
  proto.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]): boolean {
    if (event === "request") {
      const request = args[0] as http.IncomingMessage;
      request.headers[PEER_ADDRESS_HEADER] = request.socket?.remoteAddress ?? "";
    }
    return (emit as (...all: unknown[]) => boolean).call(this, event, ...args);
  } as typeof proto.emit;
}
