// The decoding children's parent (see lib/images/sharp-process.ts). Started once by the app
// server while the server is still small, it starts each decoding child on request, so the server
// itself never forks again: a fork copies the forking process's page tables, and from a server of
// 900 MB each one held its event loop for 85–135 ms. This process stays small, so its forks are
// cheap, and they block only it. Plain JavaScript: started with `node` outside Next's bundle.
//
// In (standard input), one JSON object per line:
//   { "start": id, "socket": path }  start sharp-process-child.mjs, which connects to `path` and says `id`
//   { "kill": id }                   stop that child (a pipeline past its time)
// Out (standard output), one JSON object per line, when a child ends:
//   { "exit": id, "code": n | null, "signal": s | null, "stderr": last lines }
// It ends, stopping its children, when its standard input closes (the server is gone).
import { spawn } from "node:child_process";
import path from "node:path";
import readline from "node:readline";
import { fileURLToPath } from "node:url";

const CHILD = path.join(path.dirname(fileURLToPath(import.meta.url)), "sharp-process-child.mjs");
const children = new Map();

function start(id, socket) {
  const child = spawn(process.execPath, [CHILD, socket, id], {
    env: { PATH: process.env.PATH ?? "", NODE_ENV: "production" },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk) => void (stderr = (stderr + chunk.toString("utf8")).slice(-2000)));
  children.set(id, child);
  const ended = (code, signal) => {
    if (!children.delete(id)) return;
    process.stdout.write(`${JSON.stringify({ exit: id, code, signal, stderr })}\n`);
  };
  child.on("error", (error) => ended(null, String(error.message)));
  child.on("exit", ended);
}

readline.createInterface({ input: process.stdin }).on("line", (line) => {
  let order;
  try {
    order = JSON.parse(line);
  } catch {
    return;
  }
  if (typeof order.start === "string" && typeof order.socket === "string") start(order.start, order.socket);
  else if (typeof order.kill === "string") children.get(order.kill)?.kill("SIGKILL");
});
process.stdin.on("end", () => {
  for (const child of children.values()) child.kill("SIGKILL");
  process.exit(0);
});
