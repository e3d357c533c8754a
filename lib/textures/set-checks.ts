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
    return {
      id: "consistency",
      level: "warn",
      message: `“${darkest.name}” is much darker than “${brightest.name}”: textures shot in different light teach the LoRA uneven lighting. Shoot them all in the same light, or even out their brightness.`,
    };
  }
  const warm = textures.filter((t) => t.profile.warmth !== null).sort((a, b) => a.profile.warmth! - b.profile.warmth!);
  if (warm.length >= 2 && warm[warm.length - 1].profile.warmth! - warm[0].profile.warmth! >= limit.MAX_WARMTH_SPREAD) {
    return {
      id: "consistency",
      level: "warn",
      message: `“${warm[warm.length - 1].name}” looks warmer (more yellow) than “${warm[0].name}”: the light differs between them. Shoot them all in the same light, or correct the white balance.`,
    };
  }
  return { id: "consistency", level: "ok", message: "The lighting is consistent across the textures." };
}

function duplicate(textures: ProfiledTexture[]): SetFinding {
  const groups = sameGroups(textures);
  if (groups.length === 0) return { id: "duplicate", level: "ok", message: "Every texture is a different picture." };
  const said = groups.map((group) => {
    const names = group.map((t) => `“${t.name}”`);
    const list =
      names.length === 2 ? names.join(" and ") : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
    return `${list} look like the same picture.`;
  });
  return {
    id: "duplicate",
    level: "warn",
    message: `${said.join(" ")} Each slot should show its own part of the product.`,
  };
}

/**
 * The textures that look alike, in groups of two or more: two files alike to a third are in its
 * group even when they differ a little more from each other (joined like links of a chain), so
 * three copies of one picture are named together, not as one pair among three.
 */
function sameGroups(textures: ProfiledTexture[]): ProfiledTexture[][] {
  const root = textures.map((_, i) => i);
  const find = (i: number): number => (root[i] === i ? i : (root[i] = find(root[i])));
  for (let i = 0; i < textures.length; i++) {
    for (let j = i + 1; j < textures.length; j++) {
      if (hammingDistance(textures[i].profile.hash, textures[j].profile.hash) <= limit.MAX_DUPLICATE_DISTANCE)
        root[find(j)] = find(i);
    }
  }
  const groups = new Map<number, ProfiledTexture[]>();
  textures.forEach((t, i) => groups.set(find(i), [...(groups.get(find(i)) ?? []), t]));
  return [...groups.values()].filter((group) => group.length > 1);
}
