// Scene palette and lighting derived from the prompt: keywords pick a mood, the prompt's hash
// picks hue, light direction, placement and decoration, so different prompts draw different scenes.
import { hashBytes } from "./format";

export interface Scene {
  skyTop: string;
  skyBottom: string;
  ground: string;
  glow: string;
  /** Light position as fractions of the canvas (0..1). */
  lightX: number;
  lightY: number;
  /** Product centre x (fraction) and size relative to the short side. */
  productX: number;
  productScale: number;
  horizon: number;
  bokeh: { x: number; y: number; r: number; opacity: number }[];
}

interface Mood {
  words: string[];
  skyTop: string;
  skyBottom: string;
  ground: string;
  glow: string;
  lightY: number;
}

const MOODS: Mood[] = [
  {
    words: ["sunset", "dusk", "golden", "evening"],
    skyTop: "#ff7e5f",
    skyBottom: "#feb47b",
    ground: "#6b3e26",
    glow: "#ffe29a",
    lightY: 0.5,
  },
  {
    words: ["beach", "sea", "ocean", "coast", "summer"],
    skyTop: "#3d9be9",
    skyBottom: "#bde8ff",
    ground: "#e8d3a0",
    glow: "#fffbe0",
    lightY: 0.12,
  },
  {
    words: ["studio", "minimal", "clean", "white", "product"],
    skyTop: "#f4f4f4",
    skyBottom: "#d6d6d6",
    ground: "#c4c4c4",
    glow: "#ffffff",
    lightY: 0.04,
  },
  {
    words: ["night", "neon", "city", "urban", "dark"],
    skyTop: "#0b1033",
    skyBottom: "#2b2f77",
    ground: "#15162b",
    glow: "#7cc8ff",
    lightY: 0.2,
  },
  {
    words: ["forest", "jungle", "garden", "moss", "nature"],
    skyTop: "#1e5631",
    skyBottom: "#9bc53d",
    ground: "#3b2a1a",
    glow: "#eaffc2",
    lightY: 0.1,
  },
  {
    words: ["snow", "winter", "ice", "mountain", "alpine"],
    skyTop: "#cfdff0",
    skyBottom: "#ffffff",
    ground: "#eef3f8",
    glow: "#ffffff",
    lightY: 0.15,
  },
  {
    words: ["desert", "sand", "canyon", "dune"],
    skyTop: "#f6d365",
    skyBottom: "#fda085",
    ground: "#c28a4c",
    glow: "#fff3c4",
    lightY: 0.18,
  },
  {
    words: ["kitchen", "marble", "cafe", "coffee", "breakfast"],
    skyTop: "#f3e7d9",
    skyBottom: "#d8c3a5",
    ground: "#8b6f4e",
    glow: "#fff8ee",
    lightY: 0.1,
  },
];

function hsl(h: number, s: number, l: number): string {
  return `hsl(${Math.round(((h % 360) + 360) % 360)}, ${s}%, ${l}%)`;
}

function findMood(prompt: string): Mood | undefined {
  const words = prompt.toLowerCase().split(/[^a-z]+/);
  return MOODS.find((mood) => mood.words.some((word) => words.includes(word)));
}

/** `variant` distinguishes the several images of one prediction. */
export function sceneFor(prompt: string, variant: number): Scene {
  const h = hashBytes(`${prompt.trim().toLowerCase()}#${variant}`);
  const base = hashBytes(prompt.trim().toLowerCase());
  const frac = (i: number) => h[i] / 255;
  const hue = (base[0] / 255) * 360;
  const mood = findMood(prompt);
  const colours = mood ?? {
    skyTop: hsl(hue, 55, 62),
    skyBottom: hsl(hue + 35, 45, 84),
    ground: hsl(hue + 180, 25, 38),
    glow: hsl(hue + 20, 90, 92),
    lightY: 0.08 + (base[1] / 255) * 0.3,
  };
  const bokeh = Array.from({ length: 4 + (h[9] % 6) }, (_, i) => ({
    x: h[10 + i] / 255,
    y: (h[20 + i] / 255) * 0.55,
    r: 0.02 + (h[(14 + i) % 32] / 255) * 0.06,
    opacity: 0.12 + (h[(24 + i) % 32] / 255) * 0.3,
  }));
  return {
    skyTop: colours.skyTop,
    skyBottom: colours.skyBottom,
    ground: colours.ground,
    glow: colours.glow,
    lightX: frac(2) < 0.5 ? 0.1 + frac(3) * 0.25 : 0.65 + frac(3) * 0.25,
    lightY: colours.lightY,
    productX: [0.32, 0.5, 0.68][h[4] % 3],
    productScale: 0.55 + frac(5) * 0.17,
    horizon: 0.58 + frac(6) * 0.12,
    bokeh,
  };
}
