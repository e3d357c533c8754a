import "server-only";
import { withSharpProcess, type SharpRunner } from "@/lib/images/sharp-process";
import { log } from "@/lib/log";
import { measureTexture } from "./measure-texture";
import { setChecks } from "./set-checks";
import { textureChecks } from "./texture-checks";
import type { TextureAdvice, TextureReport } from "./types";

// The advisor over an upload's spooled textures: each measured (two at a time, each lane decoding
// in a child process of its own, one texture after another), then compared as a set.

const AT_ONCE = 2;

/** A texture spooled to disk (an upload's, or one kept with a product), its size if known. */
type Texture = { key: string; path: string; width?: number; height?: number };

export async function analyseTextures(textures: Texture[]): Promise<TextureReport> {
  const advice: TextureAdvice[] = new Array(textures.length);
  const lanes = Array.from({ length: Math.min(AT_ONCE, textures.length) }, (_, lane) => lane);
  await Promise.all(
    lanes.map((lane) =>
      withSharpProcess(async (run) => {
        for (let n = lane; n < textures.length; n += AT_ONCE) advice[n] = await adviseOne(textures[n], run);
      }),
    ),
  );
  return {
    textures: advice,
    set: setChecks(advice.filter((a) => a.profile.hash !== "").map((a) => ({ name: a.key, profile: a.profile }))),
  };
}

async function adviseOne(texture: Texture, run: SharpRunner): Promise<TextureAdvice> {
  try {
    const measures = await measureTexture(texture.path, run);
    return {
      key: texture.key,
      width: measures.width,
      height: measures.height,
      checks: textureChecks(measures),
      profile: {
        brightness: Math.round(measures.tone.mean * 10) / 10,
        warmth: measures.warmth === null ? null : Math.round(measures.warmth * 1000) / 1000,
        hash: measures.hash,
      },
    };
  } catch (error) {
    // Too many pixels to decode, or data that ends early: the upload itself was a readable image,
    // so this is advice, not a refusal.
    log.warn(
      { err: error instanceof Error ? error.message : String(error), key: texture.key },
      "texture could not be analysed",
    );
    return {
      key: texture.key,
      width: texture.width ?? 0,
      height: texture.height ?? 0,
      checks: [
        {
          id: "compression",
          level: "warn",
          value: null,
          message:
            "This image could not be checked: it may be damaged or extremely large. Export it again as a PNG or JPEG of a few thousand pixels.",
        },
      ],
      profile: { brightness: 0, warmth: null, hash: "" },
    };
  }
}
