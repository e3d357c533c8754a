import { readdirSync, readFileSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSharpHost } from "./sharp-host";
import { decodeWhole, runInSharpProcess, withSharpProcess } from "./sharp-process";

/** The processes whose parent is `pid` (Linux's /proc). */
function childrenOf(pid: number): number[] {
  return readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        // "pid (comm) state ppid …": comm may hold spaces, so read from its closing parenthesis.
        const stat = readFileSync(`/proc/${name}/stat`, "utf8");
        return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

let dir: string;
let file: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "sharp-process-"));
  file = path.join(dir, "texture.png");
  await writeFile(
    file,
    await sharp({
      create: {
        width: 300,
        height: 200,
        channels: 4,
        background: { r: 200, g: 40, b: 90, alpha: 0.5 },
        noise: { type: "gaussian", mean: 128, sigma: 30 },
      },
    })
      .png()
      .toBuffer(),
  );
});

afterAll(() => rm(dir, { recursive: true, force: true }));

describe("sharp pipelines in a child process", () => {
  it("give the same pixels as in this process", async () => {
    const here = await sharp(file)
      .resize(64, 64, { fit: "inside" })
      .flatten({ background: "#808080" })
      .toColourspace("srgb")
      .raw()
      .toBuffer({ resolveWithObject: true });
    const there = await runInSharpProcess({
      file,
      steps: [
        ["resize", 64, 64, { fit: "inside" }],
        ["flatten", { background: "#808080" }],
        ["toColourspace", "srgb"],
        ["raw"],
      ],
    });
    expect(there.info).toMatchObject({
      width: here.info.width,
      height: here.info.height,
      channels: here.info.channels,
    });
    expect(Buffer.compare(there.data, here.data)).toBe(0);
  });

  it("run one after another in one child, each answered in turn", async () => {
    const sizes = await withSharpProcess((run) =>
      Promise.all(
        [16, 32, 48].map(
          async (px) =>
            (
              await run({
                file,
                steps: [
                  ["resize", px, px],
                  ["webp", { quality: 50 }],
                ],
              })
            ).info.width,
        ),
      ),
    );
    expect(sizes).toEqual([16, 32, 48]);
  });

  it("decode a file to its last pixel and keep nothing, or say that it breaks off", async () => {
    const whole = await readFile(file);
    const cut = path.join(dir, "cut.png");
    await writeFile(cut, whole.subarray(0, Math.floor(whole.length * 0.6)));
    await withSharpProcess(async (run) => {
      const checked = await run({ file, input: { failOn: "warning" }, steps: [["stats"]] });
      expect(checked.data.length).toBe(0);
      await expect(decodeWhole(cut, { failOn: "warning", sequentialRead: true }, run)).rejects.toThrow();
      await expect(decodeWhole(file, { failOn: "warning", sequentialRead: true }, run)).resolves.toBeUndefined();
      await expect(run({ file, steps: [["stats"], ["raw"]] })).rejects.toThrow(/not allowed/);
    });
  });

  it("are started by the host, never forked from this process", async () => {
    await startSharpHost();
    const [hostPid] = childrenOf(process.pid);
    let mostHere = 0;
    let mostUnderHost = 0;
    const sample = setInterval(() => {
      mostHere = Math.max(mostHere, childrenOf(process.pid).length);
      mostUnderHost = Math.max(mostUnderHost, childrenOf(hostPid).length);
    }, 5);
    await Promise.all([1, 2, 3].map(() => runInSharpProcess({ file, steps: [["resize", 2000, 2000], ["png"]] })));
    clearInterval(sample);
    // One child of this process, the host, however many pipelines run; their processes are the host's.
    expect(mostHere).toBe(1);
    expect(mostUnderHost).toBeGreaterThanOrEqual(1);
  });

  it("say why a pipeline failed, and go on with the next", async () => {
    await withSharpProcess(async (run) => {
      await expect(run({ file: path.join(dir, "missing.png"), steps: [["raw"]] })).rejects.toThrow(/missing/);
      await expect(run({ file, input: { limitInputPixels: 100 }, steps: [["raw"]] })).rejects.toThrow(/pixel limit/);
      await expect(run({ file, steps: [["toFile", "/tmp/x"]] })).rejects.toThrow(/not allowed/);
      expect((await run({ file, steps: [["resize", 8, 8], ["raw"]] })).data.length).toBe(8 * 8 * 4);
    });
  });
});
