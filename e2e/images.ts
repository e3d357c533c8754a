import sharp from "sharp";
import { blurred, goodTexture } from "../lib/textures/test-images";

export interface TestFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/**
 * A real PNG texture made here, so the journeys need no binary fixtures. Noise keeps it from
 * compressing to nothing, so an upload of the large one takes long enough to show progress.
 */
export async function texturePng(name: string, size: number, noise = false): Promise<TestFile> {
  const image = noise
    ? sharp({
        create: {
          width: size,
          height: size,
          channels: 3,
          background: "#808080",
          noise: { type: "gaussian", mean: 128, sigma: 60 },
        },
      })
    : sharp({ create: { width: size, height: size, channels: 3, background: { r: 47, g: 125, b: 109 } } });
  return { name, mimeType: "image/png", buffer: await image.png().toBuffer() };
}

/** A real PNG texture (1024×1024 by default), a coloured gradient with a soft disc, made with sharp. */
export async function gradientPng(hue = 200, size = 1024): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue},70%,55%)"/><stop offset="1" stop-color="hsl(${(hue + 60) % 360},70%,35%)"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${size / 2}" cy="${size / 2}" r="${size / 4}" fill="white" fill-opacity="0.35"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A small texture (below the recommended 1024×1024 px) and a 1024×1024 one. */
export async function textures() {
  return {
    small: await texturePng("small-label.png", 512),
    large: await texturePng("cap-1024.png", 1024, true),
  };
}

/** Not an image, though its name and type say PNG: the browser's own check must refuse it. */
export function fakePng(): TestFile {
  return { name: "notes.png", mimeType: "image/png", buffer: Buffer.from("these are meeting notes, not a picture\n") };
}

/** The texture advisor's generated textures: two detailed ones, and the first blurred (σ 4). */
export async function advisedTextures() {
  const sharpOne = await goodTexture(0);
  const png = (name: string, buffer: Buffer): TestFile => ({ name, mimeType: "image/png", buffer });
  return {
    label: png("label-sharp.png", sharpOne),
    cap: png("cap-sharp.png", await goodTexture(1)),
    blurredLabel: png("label-blurred.png", await blurred(sharpOne, 4)),
  };
}
