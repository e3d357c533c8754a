// The other end of lib/images/sharp-process.ts: runs sharp pipelines that the app server sends
// it, one at a time, so the pixels of large images are decoded in this short-lived process and
// never in the server's. Plain JavaScript: it is started with `node` outside Next's bundle.
//
// In: one JSON job per line, { file, input, steps: [[method, ...args], ...] }.
// Out: per job one JSON line { ok: true, info, bytes } followed by `bytes` bytes of output, or
// { ok: false, message }. A job whose last step is ["stats"] decodes every pixel and has no
// output (bytes 0). It ends when its standard input closes.
//
// Started by sharp-host-main.mjs with a socket path and an id, it speaks over that Unix socket instead
// (after saying its id), and ends when the socket closes.
import net from "node:net";
import readline from "node:readline";
import sharp from "sharp";

// Nothing is reused between jobs, and nothing else is called: the steps are data, not code.
sharp.cache(false);
const STEPS = new Set([
  "resize",
  "extract",
  "flatten",
  "toColourspace",
  "rotate",
  "autoOrient",
  "jpeg",
  "png",
  "webp",
  "raw",
]);

async function run(job) {
  const steps = [...job.steps];
  const check = steps.at(-1)?.[0] === "stats";
  if (check) steps.pop();
  let pipeline = sharp(job.file, job.input);
  for (const [method, ...args] of steps) {
    if (!STEPS.has(method)) throw new Error(`step ${String(method)} is not allowed`);
    pipeline = pipeline[method](...args);
  }
  if (check) {
    await pipeline.stats();
    return { data: Buffer.alloc(0), info: { size: 0 } };
  }
  return pipeline.toBuffer({ resolveWithObject: true });
}

const [socketPath, id] = process.argv.slice(2);
const channel = socketPath ? net.connect(socketPath) : null;
const input = channel ?? process.stdin;
const output = channel ?? process.stdout;
if (channel) {
  channel.write(`${id}\n`);
  channel.on("error", () => process.exit(1));
  // Ends once the jobs under way have been answered (the server closes its end when done).
  channel.on("close", () => void queue.then(() => process.exit(0)));
}

function write(chunk) {
  return new Promise((resolve) => {
    if (output.write(chunk)) resolve();
    else output.once("drain", resolve);
  });
}

const lines = readline.createInterface({ input });
let queue = Promise.resolve();
lines.on("line", (line) => {
  queue = queue.then(async () => {
    try {
      const { data, info } = await run(JSON.parse(line));
      await write(`${JSON.stringify({ ok: true, info, bytes: data.length })}\n`);
      await write(data);
    } catch (error) {
      await write(
        `${JSON.stringify({ ok: false, message: error instanceof Error ? error.message : String(error) })}\n`,
      );
    }
  });
});
