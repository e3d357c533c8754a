import sharp from "sharp";

// Generated textures for the advisor's calibration, its tests and its bench: a printed-label-like
// image with real detail at every scale (fine noise, a checker, lines of text, shapes), well lit
// and high in contrast. `variant` changes its layout and colours, so two variants are two
// different pictures of the same kind.

export async function goodTexture(variant = 0, size = 1024): Promise<Buffer> {
  const hue = (variant * 67) % 360;
  // 61 px cells (at 1024): no edge of the pattern falls on JPEG's 8-pixel grid by design.
  const cell = size / 16.8;
  const squares: string[] = [];
  for (let y = 0; y < 17; y++) {
    for (let x = 0; x < 17; x++) {
      if ((x + y + variant) % 2 === 0) continue;
      squares.push(
        `<rect x="${x * cell + 3}" y="${y * cell + 5}" width="${cell}" height="${cell}" fill="hsl(${hue},60%,22%)"/>`,
      );
    }
  }
  const lines = Array.from({ length: 12 }, (_, i) => {
    const y = ((i + 1) * size) / 13;
    return `<text x="${(size * (((i + variant) % 5) + 1)) / 24}" y="${y}" font-family="sans-serif" font-size="${size / 22}" font-weight="700" fill="${i % 2 ? "#ffffff" : "#101010"}">Lemonade ${variant}-${i} · 330 ml · Fresh</text>`;
  }).join("");
  const circles = Array.from({ length: 6 }, (_, i) => {
    const cx = (((i * 173 + variant * 311) % 900) / 1000) * size + size / 20;
    const cy = (((i * 389 + variant * 137) % 900) / 1000) * size + size / 20;
    return `<circle cx="${cx}" cy="${cy}" r="${size / 14}" fill="hsl(${(hue + i * 50) % 360},75%,60%)" stroke="#fff" stroke-width="${size / 200}"/>`;
  }).join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
    <rect width="100%" height="100%" fill="hsl(${hue},30%,78%)"/>${squares.join("")}${circles}${lines}</svg>`;
  const noise = await sharp({
    create: {
      width: size,
      height: size,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 24 },
    },
  })
    .png()
    .toBuffer();
  return sharp(Buffer.from(svg))
    .composite([{ input: noise, blend: "overlay" }])
    .removeAlpha()
    .png()
    .toBuffer();
}

export const blurred = (image: Buffer, sigma = 4) => sharp(image).blur(sigma).png().toBuffer();

/** The luminance squeezed into `share` of its range, around mid grey: a washed-out scan. */
export const flattened = (image: Buffer, share = 0.1) =>
  sharp(image)
    .linear(share, 128 * (1 - share))
    .png()
    .toBuffer();

/** Every value times `factor`: 0.25 is the same scene in a quarter of the light. */
export const darkened = (image: Buffer, factor = 0.25) => sharp(image).linear(factor, 0).png().toBuffer();

/** Warmer light: red up, blue down, as under tungsten bulbs. */
export const warmed = (image: Buffer) =>
  sharp(image)
    .recomb([
      [1.25, 0, 0],
      [0, 1, 0],
      [0, 0, 0.7],
    ])
    .png()
    .toBuffer();

export const asJpeg = (image: Buffer, quality: number) => sharp(image).jpeg({ quality }).toBuffer();

export const resized = (image: Buffer, size: number) => sharp(image).resize(size, size).png().toBuffer();
