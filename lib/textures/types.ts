// The texture advisor's answer, shared by the API, the registry and the browser.

export type AdviceLevel = "ok" | "warn";
export type TextureCheckId = "resolution" | "sharpness" | "contrast" | "exposure" | "compression";
export type SetCheckId = "consistency" | "duplicate";

export interface TextureCheck {
  id: TextureCheckId;
  level: AdviceLevel;
  message: string;
  /** The measure behind the finding (see thresholds.ts for each one's unit); null when not measured. */
  value: number | null;
}

/** What the set checks compare between textures; sent along so the browser can compare slots checked one by one. */
export interface TextureProfile {
  /** Mean luminance, 0–255. */
  brightness: number;
  /** Colour cast of the light, (R − B) / (R + G + B) of the neutral pixels; null when none. */
  warmth: number | null;
  /** 64-bit difference hash, hex. */
  hash: string;
}

export interface TextureAdvice {
  key: string;
  width: number;
  height: number;
  checks: TextureCheck[];
  profile: TextureProfile;
}

export interface SetFinding {
  id: SetCheckId;
  level: AdviceLevel;
  message: string;
}

export interface TextureReport {
  textures: TextureAdvice[];
  set: SetFinding[];
}

/** The worst level among findings: one warning makes the whole warn. */
export const worstLevel = (findings: { level: AdviceLevel }[]): AdviceLevel =>
  findings.some((f) => f.level === "warn") ? "warn" : "ok";
