import "server-only";
import { Server } from "node:http";
import net from "node:net";

// Kept apart from lib/shutdown.ts, which the proxy imports: only the start-up closes servers.

/**
 * Closes the process's HTTP servers (Next's own, which the app is not handed) to new connections
 * and resolves once those still open have ended, or after `maxMs`. Called last, when every answer
 * has long said `connection: close`: a client then finds the port closed and goes elsewhere,
 * rather than having a connection it is sending on reset by the process's exit.
 */
export function closeServers(maxMs: number): Promise<void> {
  const handles = (process as unknown as { _getActiveHandles?: () => unknown[] })._getActiveHandles?.() ?? [];
  const servers = handles.filter((h): h is Server => h instanceof Server);
  // net's close, not http's: http's also drops connections that look idle, which includes one a
  // client has just opened and is sending on. These end by themselves, each answered `close`.
  const closed = servers.map(
    (server) => new Promise<void>((resolve) => net.Server.prototype.close.call(server, () => resolve())),
  );
  return Promise.race([
    Promise.all(closed).then(() => undefined),
    new Promise<void>((resolve) => setTimeout(resolve, maxMs)),
  ]);
}
