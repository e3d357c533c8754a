// Draws a product scene with sharp: the template's silhouette filled with the product's own
// textures, shaded from the scene's light direction, with a soft shadow on a prompt-derived backdrop.
import sharp from "sharp";
import type { Scene } from "./palette";
import type { ShapeRegion } from "./shapes";

export interface RenderInput {
  width: number;
  height: number;
  regions: ShapeRegion[];
  /** Texture per slot index (file path or buffer); a missing slot reuses an earlier texture. */
  textures: (string | Buffer)[];
  scene: Scene;
  format: "jpeg" | "png";
}

const svg = (width: number, height: number, body: string, viewBox = `0 0 ${width} ${height}`) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="${viewBox}">${body}</svg>`,
  );

/** Intermediate layers are never stored: skip compression. */
const FAST_PNG = { compressionLevel: 0 } as const;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

function backdrop(input: RenderInput): Buffer {
  const { width: w, height: h, scene } = input;
  const horizon = Math.round(scene.horizon * h);
  const glowR = Math.round(Math.max(w, h) * 0.45);
  const bokeh = scene.bokeh
    .map(
      (b) =>
        `<circle cx="${Math.round(b.x * w)}" cy="${Math.round(b.y * h)}" r="${Math.round(b.r * Math.max(w, h))}" fill="${scene.glow}" opacity="${b.opacity.toFixed(2)}"/>`,
    )
    .join("");
  return svg(
    w,
    h,
    `
    <defs>
      <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${scene.skyTop}"/><stop offset="1" stop-color="${scene.skyBottom}"/></linearGradient>
      <linearGradient id="ground" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${scene.ground}" stop-opacity="0.8"/><stop offset="1" stop-color="${scene.ground}"/></linearGradient>
      <radialGradient id="glow"><stop offset="0" stop-color="${scene.glow}" stop-opacity="0.9"/><stop offset="1" stop-color="${scene.glow}" stop-opacity="0"/></radialGradient>
    </defs>
    <rect width="${w}" height="${h}" fill="url(#sky)"/>
    <circle cx="${Math.round(scene.lightX * w)}" cy="${Math.round(scene.lightY * h)}" r="${glowR}" fill="url(#glow)"/>
    ${bokeh}
    <rect y="${horizon}" width="${w}" height="${h - horizon}" fill="url(#ground)"/>`,
  );
}

/** A soft contact shadow, blurred by sharp on a small canvas (SVG blur filters are slow). */
async function shadow(input: RenderInput, box: { left: number; top: number; size: number }) {
  const rx = Math.round(box.size * 0.42);
  const ry = Math.max(2, Math.round(box.size * 0.07));
  const sigma = Math.max(1, box.size * 0.025);
  const pad = Math.ceil(sigma * 3);
  const [w, h] = [2 * (rx + pad), 2 * (ry + pad)];
  const image = await sharp(
    svg(w, h, `<ellipse cx="${w / 2}" cy="${h / 2}" rx="${rx}" ry="${ry}" fill="#000" opacity="0.45"/>`),
  )
    .blur(sigma)
    .png(FAST_PNG)
    .toBuffer();
  // The shadow falls away from the light.
  const cx = box.left + box.size / 2 + (0.5 - input.scene.lightX) * box.size * 0.5;
  const cy = box.top + box.size * 0.96;
  const left = Math.round(clamp(cx - w / 2, 0, input.width - w));
  const top = Math.round(clamp(cy - h / 2, 0, input.height - h));
  return { input: image, left, top };
}

/** Lit side brighter, far side darker, plus a specular streak: drawn only over the product. */
function shading(size: number, lightX: number): Buffer {
  const litLeft = lightX < 0.5;
  const streakX = litLeft ? 0.3 : 0.7;
  return svg(
    size,
    size,
    `
    <defs>
      <linearGradient id="shade" x1="${litLeft ? 0 : 1}" y1="0" x2="${litLeft ? 1 : 0}" y2="0.3">
        <stop offset="0" stop-color="#fff" stop-opacity="0.28"/><stop offset="0.45" stop-color="#fff" stop-opacity="0"/>
        <stop offset="1" stop-color="#000" stop-opacity="0.3"/></linearGradient>
      <radialGradient id="streak"><stop offset="0" stop-color="#fff" stop-opacity="0.45"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>
    </defs>
    <rect width="${size}" height="${size}" fill="url(#shade)"/>
    <ellipse cx="${Math.round(size * streakX)}" cy="${Math.round(size * 0.45)}" rx="${Math.round(size * 0.05)}" ry="${Math.round(size * 0.34)}" fill="url(#streak)"/>`,
  );
}

async function productLayer(input: RenderInput, size: number): Promise<Buffer> {
  const tileSize = Math.max(16, Math.round(size / 3));
  const tiles = await Promise.all(
    input.textures.map((texture) =>
      sharp(texture).resize(tileSize, tileSize, { fit: "cover" }).png(FAST_PNG).toBuffer(),
    ),
  );
  const transparent = { width: size, height: size, channels: 4 as const, background: { r: 0, g: 0, b: 0, alpha: 0 } };
  const layers = await Promise.all(
    input.regions.map((region) =>
      sharp({ create: transparent })
        .composite([
          { input: tiles[region.slot % tiles.length], tile: true, left: 0, top: 0 },
          { input: svg(size, size, `<g fill="#fff">${region.svg}</g>`, "0 0 200 200"), blend: "dest-in" },
        ])
        .png(FAST_PNG)
        .toBuffer(),
    ),
  );
  return sharp({ create: transparent })
    .composite([
      ...layers.map((layer) => ({ input: layer })),
      { input: shading(size, input.scene.lightX), blend: "atop" as const },
    ])
    .png(FAST_PNG)
    .toBuffer();
}

export async function renderScene(input: RenderInput): Promise<Buffer> {
  if (input.textures.length === 0) throw new Error("renderScene needs at least one texture");
  const { width, height, scene } = input;
  const size = Math.round(Math.min(width, height) * scene.productScale);
  const left = Math.round(clamp(scene.productX * width - size / 2, 0, width - size));
  const top = Math.round(clamp(scene.horizon * height - size * 0.85, 0, height - size));
  const [product, contactShadow] = await Promise.all([productLayer(input, size), shadow(input, { left, top, size })]);
  const image = sharp(backdrop(input)).composite([contactShadow, { input: product, left, top }]);
  return input.format === "png" ? image.png().toBuffer() : image.jpeg({ quality: 86, mozjpeg: false }).toBuffer();
}
