// Product silhouettes drawn in a 200×200 box. Each region is filled with the texture of one
// texture slot (by index); regions are drawn in order, so later ones sit on top.

export type ShapeName =
  "bottle" | "sneaker" | "handbag" | "watch" | "jar" | "headphones" | "mug" | "chair" | "poster" | "tshirt";

export interface ShapeRegion {
  slot: number;
  /** SVG elements without fill; the renderer supplies the fill. */
  svg: string;
}

export const SHAPES: Record<ShapeName, ShapeRegion[]> = {
  bottle: [
    {
      slot: 0,
      svg: '<path d="M80 40 L120 40 L120 62 Q150 78 150 110 L150 180 Q150 194 136 194 L64 194 Q50 194 50 180 L50 110 Q50 78 80 62 Z"/>',
    },
    { slot: 1, svg: '<rect x="76" y="10" width="48" height="34" rx="5"/>' },
  ],
  sneaker: [
    { slot: 0, svg: '<path d="M20 142 L30 80 Q40 58 70 70 L110 95 Q150 100 180 125 L186 146 Z"/>' },
    { slot: 1, svg: '<path d="M14 140 L190 140 Q194 166 170 170 L26 170 Q10 166 14 140 Z"/>' },
  ],
  handbag: [
    { slot: 1, svg: '<path d="M56 90 Q56 18 100 18 Q144 18 144 90 L130 90 Q130 32 100 32 Q70 32 70 90 Z"/>' },
    { slot: 0, svg: '<rect x="28" y="78" width="144" height="110" rx="16"/>' },
  ],
  watch: [
    { slot: 1, svg: '<rect x="78" y="4" width="44" height="192" rx="12"/>' },
    { slot: 0, svg: '<circle cx="100" cy="100" r="50"/>' },
  ],
  jar: [
    { slot: 0, svg: '<rect x="34" y="88" width="132" height="96" rx="18"/>' },
    { slot: 1, svg: '<rect x="28" y="52" width="144" height="42" rx="10"/>' },
  ],
  headphones: [
    { slot: 1, svg: '<path d="M32 122 Q32 22 100 22 Q168 22 168 122 L152 122 Q152 40 100 40 Q48 40 48 122 Z"/>' },
    {
      slot: 2,
      svg: '<rect x="46" y="104" width="24" height="76" rx="10"/><rect x="130" y="104" width="24" height="76" rx="10"/>',
    },
    { slot: 0, svg: '<ellipse cx="38" cy="142" rx="26" ry="42"/><ellipse cx="162" cy="142" rx="26" ry="42"/>' },
  ],
  mug: [
    {
      slot: 0,
      svg: '<rect x="36" y="50" width="104" height="136" rx="12"/><path d="M138 82 Q188 82 188 118 Q188 154 138 154 L138 138 Q170 138 170 118 Q170 98 138 98 Z"/>',
    },
  ],
  chair: [
    {
      slot: 1,
      svg: '<rect x="44" y="130" width="14" height="66" rx="4"/><rect x="142" y="130" width="14" height="66" rx="4"/>',
    },
    {
      slot: 0,
      svg: '<rect x="44" y="16" width="112" height="96" rx="20"/><rect x="32" y="104" width="136" height="38" rx="14"/>',
    },
  ],
  poster: [{ slot: 0, svg: '<rect x="30" y="10" width="140" height="182" rx="3"/>' }],
  tshirt: [
    {
      slot: 0,
      svg: '<path d="M60 22 L86 14 Q100 32 114 14 L140 22 L188 54 L166 88 L146 74 L146 192 L54 192 L54 74 L34 88 L12 54 Z"/>',
    },
  ],
};
