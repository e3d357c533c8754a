import type { TextureMeasures } from "./measure-texture";
import * as limit from "./thresholds";
import type { TextureCheck } from "./types";

// One texture's measures turned into findings, in words for the person who chose the file: what
// we see, what it does to the LoRA, what to do about it.

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;
const percent = (share: number) => `${Math.round(share * 100)} %`;

export function textureChecks(m: TextureMeasures): TextureCheck[] {
  return [resolution(m), sharpness(m), contrast(m), exposure(m), compression(m)];
}

function resolution({ width, height }: TextureMeasures): TextureCheck {
  const side = Math.min(width, height);
  const px = limit.RECOMMENDED_SIDE_PX;
  return side < px
    ? {
        id: "resolution",
        level: "warn",
        value: side,
        message: `At ${width}×${height} px this image is smaller than the recommended ${px}×${px} px: the LoRA may come out less detailed. Use a larger image if you have one.`,
      }
    : { id: "resolution", level: "ok", value: side, message: `${width}×${height} px: large enough.` };
}

function sharpness(m: TextureMeasures): TextureCheck {
  const value = round(m.sharpness, 3);
  return m.sharpness < limit.MIN_SHARPNESS
    ? {
        id: "sharpness",
        level: "warn",
        value,
        message:
          "This texture looks out of focus: the LoRA will learn a blurry product. Retake it with the product in focus.",
      }
    : { id: "sharpness", level: "ok", value, message: "Sharp, with clear detail." };
}

function contrast({ tone }: TextureMeasures): TextureCheck {
  return tone.spread < limit.MIN_CONTRAST_SPREAD
    ? {
        id: "contrast",
        level: "warn",
        value: tone.spread,
        message:
          "This texture looks washed out (very little difference between its darkest and lightest parts): the LoRA may learn dull, flat colours. Use a scan or photo with more contrast.",
      }
    : { id: "contrast", level: "ok", value: tone.spread, message: "Good contrast." };
}

function exposure({ tone }: TextureMeasures): TextureCheck {
  const value = round(tone.mean, 1);
  const warn = (message: string): TextureCheck => ({ id: "exposure", level: "warn", value, message });
  if (tone.mean < limit.MIN_MEAN_LUMINANCE)
    return warn(
      "This texture is very dark: details in the shadows will be lost in training. Retake it in more light, or brighten it.",
    );
  if (tone.mean > limit.MAX_MEAN_LUMINANCE)
    return warn(
      "This texture is very bright: light details will be lost in training. Retake it with less light, or darken it.",
    );
  if (tone.shadows > limit.MAX_CLIPPED_SHARE)
    return warn(
      `${percent(tone.shadows)} of this texture is pure black: the detail there is gone. Retake it with more light on the dark parts.`,
    );
  if (tone.highlights > limit.MAX_CLIPPED_SHARE)
    return warn(
      `${percent(tone.highlights)} of this texture is pure white: the detail there is gone. Retake it with less light, or avoid reflections.`,
    );
  return { id: "exposure", level: "ok", value, message: "Well lit." };
}

function compression(m: TextureMeasures): TextureCheck {
  const value = m.jpegQuality;
  if (m.encoding === "lossless") {
    return {
      id: "compression",
      level: "ok",
      value,
      message: `Saved without loss (${m.format.toUpperCase()}): no compression artifacts.`,
    };
  }
  if (m.jpegQuality !== null && m.jpegQuality < limit.MIN_JPEG_QUALITY) {
    return {
      id: "compression",
      level: "warn",
      value,
      message: `This JPEG was saved at a low quality (about ${m.jpegQuality} of 100): the LoRA may learn its blocky artifacts. Export it again at quality 80 or more, or as PNG.`,
    };
  }
  if (m.blockiness >= limit.MAX_BLOCKINESS) {
    return {
      id: "compression",
      level: "warn",
      value,
      message:
        "This image shows the square blocks of heavy compression: the LoRA may learn them. Use the original file, or export it again at a higher quality.",
    };
  }
  return { id: "compression", level: "ok", value, message: "No heavy compression artifacts." };
}
