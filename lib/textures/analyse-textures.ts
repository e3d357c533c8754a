import "server-only";
import { mapLimit } from "@/lib/concurrency";
import { log } from "@/lib/log";
import type { UploadedTexture } from "@/lib/uploads";
import { measureTexture } from "./measure-texture";
import { setChecks } from "./set-checks";
import { textureChecks } from "./texture-checks";
import type { TextureAdvice, TextureReport } from "./types";

// The advisor over an upload's spooled textures: each measured (two at a time: libvips already
// uses every core for one), then compared as a set.

const AT_ONCE = 2;

export async function analyseTextures(textures: Pick<UploadedTexture, "key" | "path" | "width" | "height">[]): Promise<TextureReport> {
  const advice = await mapLimit(textures, AT_ONCE, (texture) => adviseOne(texture));
  return {
    textures: advice,
    set: setChecks(advice.filter((a) => a.profile.hash !== "").map((a) => ({ name: a.key, profile: a.profile }))),
  };
}

async function adviseOne(texture: Pick<UploadedTexture, "key" | "path" | "width" | "height">): Promise<TextureAdvice> {
  try {
    const measures = await measureTexture(texture.path);
    return {
      key: texture.key,
      width: measures.width,
      height: measures.height,
      checks: textureChecks(measures),
      profile: { brightness: Math.round(measures.tone.mean * 10) / 10, warmth: measures.warmth === null ? null : Math.round(measures.warmth * 1000) / 1000, hash: measures.hash },
    };
  } catch (error) {
    // Too many pixels to decode, or data that ends early: the upload itself was a readable image,
    // so this is advice, not a refusal.
    log.warn({ err: error instanceof Error ? error.message : String(error), key: texture.key }, "texture could not be analysed");
    return {
      key: texture.key,
      width: texture.width ?? 0,
      height: texture.height ?? 0,
      checks: [{ id: "compression", level: "warn", value: null, message: "This image could not be checked: it may be damaged or extremely large. Export it again as a PNG or JPEG of a few thousand pixels." }],
      profile: { brightness: 0, warmth: null, hash: "" },
    };
  }
}
