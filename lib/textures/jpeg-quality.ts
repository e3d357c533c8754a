// A JPEG's quality (1–100) estimated from its quantization tables, the way ImageMagick does it
// (coders/jpeg.c, JPEGSetImageQuality): the tables' sum and four of their entries are compared
// with those libjpeg's standard tables have at each quality. Only the markers before the first
// scan are read, so the first few kilobytes of the file are enough; no pixel is decoded.

/** Bytes read from the start of a file: the tables come before the image data, after EXIF (≤ 64 KB). */
export const JPEG_HEAD_BYTES = 256 * 1024;

// zigzag position → natural (row-major) position; libjpeg keeps tables in natural order.
const NATURAL_ORDER = [
  0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21, 28,
  35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47,
  55, 62, 63,
];

const COLOR_HASH = [
  1020, 1015, 932, 848, 780, 735, 702, 679, 660, 645, 632, 623, 613, 607, 600, 594, 589, 585, 581, 571, 555, 542, 529,
  514, 494, 474, 457, 439, 424, 410, 397, 386, 373, 364, 351, 341, 334, 324, 317, 309, 299, 294, 287, 279, 274, 267,
  262, 257, 251, 247, 243, 237, 232, 227, 222, 217, 213, 207, 202, 198, 192, 188, 183, 177, 173, 168, 163, 157, 153,
  148, 143, 139, 132, 128, 125, 119, 115, 108, 104, 99, 94, 90, 84, 79, 74, 70, 64, 59, 55, 49, 45, 40, 34, 30, 25, 20,
  15, 11, 6, 4, 0,
];
const COLOR_SUMS = [
  32640, 32635, 32266, 31495, 30665, 29804, 29146, 28599, 28104, 27670, 27225, 26725, 26210, 25716, 25240, 24789, 24373,
  23946, 23572, 22846, 21801, 20842, 19949, 19121, 18386, 17651, 16998, 16349, 15800, 15247, 14783, 14321, 13859, 13535,
  13081, 12702, 12423, 12056, 11779, 11513, 11135, 10955, 10676, 10392, 10208, 9928, 9747, 9564, 9369, 9193, 9017, 8822,
  8639, 8458, 8270, 8084, 7896, 7710, 7527, 7347, 7156, 6977, 6788, 6607, 6422, 6236, 6054, 5867, 5684, 5495, 5305,
  5128, 4945, 4751, 4638, 4442, 4248, 4065, 3888, 3698, 3509, 3326, 3139, 2957, 2775, 2586, 2405, 2216, 2037, 1846,
  1666, 1483, 1297, 1109, 927, 735, 554, 375, 201, 128, 0,
];
const GREY_HASH = [
  510, 505, 422, 380, 355, 338, 326, 318, 311, 305, 300, 297, 293, 291, 288, 286, 284, 283, 281, 280, 279, 278, 277,
  273, 262, 251, 243, 233, 225, 218, 211, 205, 198, 193, 186, 181, 177, 172, 168, 164, 158, 156, 152, 148, 145, 142,
  139, 136, 133, 131, 129, 126, 123, 120, 118, 115, 113, 110, 107, 105, 102, 100, 97, 94, 92, 89, 87, 83, 81, 79, 76,
  74, 70, 68, 66, 63, 61, 57, 55, 52, 50, 48, 44, 42, 39, 37, 34, 31, 29, 26, 24, 21, 18, 16, 13, 11, 8, 6, 3, 2, 0,
];
const GREY_SUMS = [
  16320, 16315, 15946, 15277, 14655, 14073, 13623, 13230, 12859, 12560, 12240, 11861, 11456, 11081, 10714, 10360, 10027,
  9679, 9368, 9056, 8680, 8331, 7995, 7668, 7376, 7084, 6823, 6562, 6345, 6125, 5939, 5756, 5571, 5421, 5240, 5086,
  4976, 4829, 4719, 4616, 4463, 4393, 4280, 4166, 4092, 3980, 3909, 3835, 3755, 3688, 3621, 3541, 3467, 3396, 3323,
  3247, 3170, 3096, 3021, 2952, 2874, 2804, 2727, 2657, 2583, 2509, 2437, 2362, 2290, 2211, 2136, 2068, 1996, 1915,
  1858, 1773, 1692, 1620, 1552, 1477, 1398, 1326, 1251, 1179, 1109, 1031, 961, 884, 814, 736, 667, 592, 518, 441, 369,
  292, 221, 151, 86, 64, 0,
];

const SOI = 0xd8;
const DQT = 0xdb;
const SOS = 0xda;
const EOI = 0xd9;

/** The quantization tables (natural order) by their slot 0–3, from the markers before the first scan. */
export function readQuantTables(head: Uint8Array): (number[] | undefined)[] {
  const tables: (number[] | undefined)[] = [];
  if (head[0] !== 0xff || head[1] !== SOI) return tables;
  let at = 2;
  while (at + 4 <= head.length) {
    if (head[at] !== 0xff) return tables; // not a marker where one must be: stop, keep what we have
    const marker = head[at + 1];
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === SOS || marker === EOI) return tables;
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2; // markers without a length
      continue;
    }
    const length = (head[at + 2] << 8) | head[at + 3];
    const end = at + 2 + length;
    if (length < 2 || end > head.length) return tables;
    if (marker === DQT) readDqt(head.subarray(at + 4, end), tables);
    at = end;
  }
  return tables;
}

function readDqt(segment: Uint8Array, tables: (number[] | undefined)[]): void {
  let at = 0;
  while (at < segment.length) {
    const precision = segment[at] >> 4; // 0: 8-bit entries, 1: 16-bit
    const slot = segment[at] & 0x0f;
    const size = precision ? 128 : 64;
    if (slot > 3 || at + 1 + size > segment.length) return;
    const table = new Array<number>(64);
    for (let i = 0; i < 64; i++) {
      const value = precision ? (segment[at + 1 + 2 * i] << 8) | segment[at + 2 + 2 * i] : segment[at + 1 + i];
      table[NATURAL_ORDER[i]] = value;
    }
    tables[slot] = table;
    at += 1 + size;
  }
}

/** ImageMagick's estimate, or null when the head holds no luminance table (not a JPEG, or damaged). */
export function estimateJpegQuality(head: Uint8Array): number | null {
  const tables = readQuantTables(head);
  const [luma, chroma] = tables;
  if (!luma) return null;
  const sum = tables.reduce((total, t) => total + (t ? t.reduce((a, b) => a + b, 0) : 0), 0);
  const colour = chroma !== undefined;
  const hash = colour ? COLOR_HASH : GREY_HASH;
  const sums = colour ? COLOR_SUMS : GREY_SUMS;
  const qvalue = luma[2] + luma[53] + (colour ? chroma[0] + chroma[63] : 0);
  for (let i = 0; i < 100; i++) {
    if (qvalue < hash[i] && sum < sums[i]) continue;
    // Past 50 ImageMagick accepts the nearest step; below it only an exact match.
    if ((qvalue <= hash[i] && sum <= sums[i]) || i >= 50) return i + 1;
    return null;
  }
  return null;
}
