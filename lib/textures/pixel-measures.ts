// The measures taken on a texture's pixels, as plain functions over 8-bit buffers, so they can be
// tested on exact inputs. Luminance is Rec. 709 on the encoded (sRGB) values: the brightness a
// person sees, which is what "too dark" or "washed out" means to them.

export interface Grey {
  data: Uint8Array;
  width: number;
  height: number;
}

/** Rec. 709 luminance of interleaved RGB pixels (`channels` 3 or more; extra channels ignored). */
export function luminance(rgb: Uint8Array, width: number, height: number, channels: number): Grey {
  const data = new Uint8Array(width * height);
  for (let i = 0, p = 0; i < data.length; i++, p += channels) {
    data[i] = Math.round(0.2126 * rgb[p] + 0.7152 * rgb[p + 1] + 0.0722 * rgb[p + 2]);
  }
  return { data, width, height };
}

export interface ToneMeasures {
  /** Mean luminance, 0–255. */
  mean: number;
  /** Luminance between the 1st and the 99th percentile, 0–255: the spread the eye reads as contrast. */
  spread: number;
  /** Share (0–1) of pixels crushed to black (≤ 3) and blown to white (≥ 252). */
  shadows: number;
  highlights: number;
}

export function tone({ data }: Grey): ToneMeasures {
  const histogram = new Uint32Array(256);
  let sum = 0;
  for (const v of data) {
    histogram[v]++;
    sum += v;
  }
  const percentile = (p: number) => {
    const target = p * data.length;
    let seen = 0;
    for (let v = 0; v < 256; v++) {
      seen += histogram[v];
      if (seen > target) return v;
    }
    return 255;
  };
  let shadows = 0;
  let highlights = 0;
  for (let v = 0; v <= 3; v++) shadows += histogram[v];
  for (let v = 252; v <= 255; v++) highlights += histogram[v];
  return {
    mean: sum / data.length,
    spread: percentile(0.99) - percentile(0.01),
    shadows: shadows / data.length,
    highlights: highlights / data.length,
  };
}

/**
 * Focus: the standard deviation of the 4-neighbour Laplacian divided by that of the luminance.
 * Dividing makes it blind to contrast and exposure (a washed-out sharp photo stays sharp); white
 * noise scores √20 ≈ 4.5, smooth gradients near 0.
 */
export function sharpness({ data, width, height }: Grey): number {
  let lapSum = 0;
  let lapSq = 0;
  let n = 0;
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      const lap = 4 * data[i] - data[i - 1] - data[i + 1] - data[i - width] - data[i + width];
      lapSum += lap;
      lapSq += lap * lap;
      n++;
    }
  }
  const lapVar = n ? lapSq / n - (lapSum / n) ** 2 : 0;
  let sum = 0;
  let sq = 0;
  for (const v of data) {
    sum += v;
    sq += v * v;
  }
  const variance = sq / data.length - (sum / data.length) ** 2;
  return variance > 0 ? Math.sqrt(lapVar / variance) : 0;
}

/**
 * JPEG blockiness: the mean step between neighbouring pixels across the 8-pixel block borders,
 * divided by the mean step elsewhere. A clean image scores about 1; heavy compression, whose
 * blocks are flat inside and jump at their edges, scores well above. Needs pixels at full size,
 * on the file's own grid (a crop whose corner is a multiple of 8).
 */
export function blockiness({ data, width, height }: Grey): number {
  let edge = 0;
  let edgeN = 0;
  let inner = 0;
  let innerN = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width - 1; x++) {
      const step = Math.abs(data[y * width + x] - data[y * width + x + 1]);
      if (x % 8 === 7) {
        edge += step;
        edgeN++;
      } else {
        inner += step;
        innerN++;
      }
    }
  }
  for (let y = 0; y < height - 1; y++) {
    for (let x = 0; x < width; x++) {
      const step = Math.abs(data[y * width + x] - data[(y + 1) * width + x]);
      if (y % 8 === 7) {
        edge += step;
        edgeN++;
      } else {
        inner += step;
        innerN++;
      }
    }
  }
  if (!edgeN || !innerN) return 1;
  const innerMean = inner / innerN;
  return innerMean > 0 ? edge / edgeN / innerMean : edge > 0 ? Number.POSITIVE_INFINITY : 1;
}

/** dHash: 64 bits, each "is this cell brighter than its right neighbour" on a 9×8 grid of means. */
export function differenceHash({ data, width, height }: Grey): string {
  const cells = new Float64Array(9 * 8);
  for (let cy = 0; cy < 8; cy++) {
    const y0 = Math.floor((cy * height) / 8);
    const y1 = Math.max(y0 + 1, Math.floor(((cy + 1) * height) / 8));
    for (let cx = 0; cx < 9; cx++) {
      const x0 = Math.floor((cx * width) / 9);
      const x1 = Math.max(x0 + 1, Math.floor(((cx + 1) * width) / 9));
      let sum = 0;
      for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) sum += data[y * width + x];
      cells[cy * 9 + cx] = sum / ((y1 - y0) * (x1 - x0));
    }
  }
  let hex = "";
  for (let cy = 0; cy < 8; cy++) {
    let byte = 0;
    for (let cx = 0; cx < 8; cx++) byte = (byte << 1) | (cells[cy * 9 + cx] > cells[cy * 9 + cx + 1] ? 1 : 0);
    hex += byte.toString(16).padStart(2, "0");
  }
  return hex;
}

/** Bits that differ between two hashes of equal length (hex). */
export function hammingDistance(a: string, b: string): number {
  let distance = 0;
  for (let i = 0; i < a.length; i += 2) {
    let x = parseInt(a.slice(i, i + 2), 16) ^ parseInt(b.slice(i, i + 2), 16);
    while (x) {
      distance += x & 1;
      x >>= 1;
    }
  }
  return distance;
}

/**
 * The colour cast of the light, read from the brightest pixels (the top 2 % by luminance: the
 * highlights, which in most shots are white or near white, take the light's colour): their
 * (R − B) / (R + G + B), warm light positive, cool light negative. Null for an image with no
 * bright part to tell from (brightest pixels darker than 64).
 */
export function warmth(rgb: Uint8Array, grey: Grey, channels: number): number | null {
  const histogram = new Uint32Array(256);
  for (const v of grey.data) histogram[v]++;
  let cut = 255;
  for (let seen = 0; cut > 0; cut--) {
    seen += histogram[cut];
    if (seen >= grey.data.length * 0.02) break;
  }
  if (cut < 64) return null;
  let r = 0;
  let g = 0;
  let b = 0;
  for (let i = 0, p = 0; i < grey.data.length; i++, p += channels) {
    if (grey.data[i] < cut) continue;
    r += rgb[p];
    g += rgb[p + 1];
    b += rgb[p + 2];
  }
  return r + g + b > 0 ? (r - b) / (r + g + b) : null;
}
