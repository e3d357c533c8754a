import { hammingDistance } from "./pixel-measures";
import * as limit from "./thresholds";
import type { SetFinding, TextureProfile } from "./types";

// Findings across a product's textures: lighting that differs between files, and the same picture
// in two slots. Plain functions over the profiles, so the browser can compare slots that were
// checked one at a time with the very same rules.

export interface ProfiledTexture {
  /** How the slot is named to the person (its label, or its key). */
  name: string;
  profile: TextureProfile;
}

export function setChecks(textures: ProfiledTexture[]): SetFinding[] {
  if (textures.length < 2) return [];
  return [consistency(textures), duplicate(textures)];
}

function consistency(textures: ProfiledTexture[]): SetFinding {
  const byBrightness = [...textures].sort((a, b) => a.profile.brightness - b.profile.brightness);
  const darkest = byBrightness[0];
  const brightest = byBrightness[byBrightness.length - 1];
  if (brightest.profile.brightness >= limit.MAX_BRIGHTNESS_RATIO * Math.max(1, darkest.profile.brightness)) {
    return { id: "consistency", level: "warn", message: `“${darkest.name}” is much darker than “${brightest.name}”: textures shot in different light teach the LoRA uneven lighting. Shoot them all in the same light, or even out their brightness.` };
  }
  const warm = textures.filter((t) => t.profile.warmth !== null).sort((a, b) => a.profile.warmth! - b.profile.warmth!);
  if (warm.length >= 2 && warm[warm.length - 1].profile.warmth! - warm[0].profile.warmth! >= limit.MAX_WARMTH_SPREAD) {
    return { id: "consistency", level: "warn", message: `“${warm[warm.length - 1].name}” looks warmer (more yellow) than “${warm[0].name}”: the light differs between them. Shoot them all in the same light, or correct the white balance.` };
  }
  return { id: "consistency", level: "ok", message: "The lighting is consistent across the textures." };
}

function duplicate(textures: ProfiledTexture[]): SetFinding {
  for (let i = 0; i < textures.length; i++) {
    for (let j = i + 1; j < textures.length; j++) {
      if (hammingDistance(textures[i].profile.hash, textures[j].profile.hash) <= limit.MAX_DUPLICATE_DISTANCE) {
        return { id: "duplicate", level: "warn", message: `“${textures[i].name}” and “${textures[j].name}” look like the same picture. Each slot should show its own part of the product.` };
      }
    }
  }
  return { id: "duplicate", level: "ok", message: "Every texture is a different picture." };
}
