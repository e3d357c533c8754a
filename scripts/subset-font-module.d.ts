// subset-font 2.9 ships no types (and @types/subset-font is for 2.3, without keepFeatures).
declare module "subset-font" {
  interface Options {
    targetFormat?: "sfnt" | "woff" | "woff2";
    keepFeatures?: string[];
    variationAxes?: Record<string, number | { min: number; max: number; default?: number }>;
  }
  export default function subsetFont(font: Buffer, text: string, options?: Options): Promise<Buffer>;
}
