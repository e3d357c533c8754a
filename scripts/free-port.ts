import { createServer } from "node:net";

/**
 * A port nobody listens on right now. Another process may take it before it is used: only for a
 * program that must be told its port before it starts (the app names it in links; PostgreSQL) or
 * for a closed port to call. A server that can listen on port 0 and say which it got should.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
