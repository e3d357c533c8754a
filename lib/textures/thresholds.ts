// Where each finding turns from ok to warn. Set from measurements, not taste: advisor.test.ts
// generates a sharp, well-lit, high-contrast 1024×1024 texture (fine noise, an off-grid checker,
// text, shapes) and its spoiled copies, and prints what measure-texture.ts reads on each. Measured
// (sharp 0.35 / libvips 8.18; run `npx vitest run --project unit lib/textures/advisor.test.ts`):
//
// | case                                   | measure                   | measured          | threshold (warn when) |
// |----------------------------------------|---------------------------|-------------------|-----------------------|
// | good texture (4 variants)              | sharpness                 | 0.64 – 0.77       |                       |
// | Gaussian blur σ 1 / σ 2 / σ 4          | sharpness                 | 0.20 / 0.085 / 0.036 | < 0.12             |
// | good                                   | contrast (p1–p99 spread)  | 241               |                       |
// | squeezed to 30 % / 10 % of the range   | contrast                  | 73 / 24           | < 51 (20 % of 255)    |
// | good / quarter light / ×2.2 light      | mean luminance            | 121 / 37 / 172    | < 50 or > 205         |
// | good / ×2.2 light                      | highlights blown (≥ 252)  | 5.9 % / 47 %      | > 20 % (shadows too)  |
// | JPEG q90 / q75 / q50 / q30 / q10       | estimated JPEG quality    | 90 / 75 / 50 / 30 / 10 | < 50             |
// | PNG / q90 / q75 / q50 / q30 / q10      | blockiness                | 1.00 / 0.98 / 1.19 / 1.35 / 1.45 / 1.68 | ≥ 1.4 |
// |   (measured only on lossy files whose tables say nothing: a lossless weave on the 8-pixel grid |                   |
// |    scores like heavy JPEG blocks, and a PNG has no compression to find)                          |                   |
// | 512×512                                | shorter side, px          | 512               | < 1024 (interface §8) |
// | two variants / one at a quarter light  | brightest ÷ darkest mean  | ≤ 1.24 / 4.0      | ≥ 2                   |
// | neutral variants / one warmed          | warmth spread             | ≤ 0.02 / 0.11     | ≥ 0.06                |
// | same file / blurred, q10, ×2.2 copies / different variants | dHash distance (of 64) | 0 / ≤ 4 / ≥ 27 | ≤ 10   |

export const RECOMMENDED_SIDE_PX = 1024;
export const MIN_SHARPNESS = 0.12;
export const MIN_CONTRAST_SPREAD = 51;
export const MIN_MEAN_LUMINANCE = 50;
export const MAX_MEAN_LUMINANCE = 205;
export const MAX_CLIPPED_SHARE = 0.2;
export const MIN_JPEG_QUALITY = 50;
export const MAX_BLOCKINESS = 1.4;
export const MAX_BRIGHTNESS_RATIO = 2;
export const MAX_WARMTH_SPREAD = 0.06;
export const MAX_DUPLICATE_DISTANCE = 10;
