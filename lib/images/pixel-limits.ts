// How large an image the app decodes: one rule for texture uploads, the texture advisor, channel
// exports and thumbnails. No imports: the upload form may show it too.
//
// 40 megapixels: the largest shot the local service makes is 1536 px on its long side (about 2.4
// megapixels at 1:1), and a real service may send larger ones (4096 × 4096 is 16.8 megapixels; an
// upscaled 6000 × 6000 is 36); a texture photographed with a 36–40 megapixel camera or an 8K label
// scan (7680 × 4320, 33 megapixels) still fits. One decode at the bound is 40 M × 4 bytes = 160 MB
// of pixels at most; a 100-megapixel bomb (400 MB) is refused from its header, before decoding.
export const MAX_IMAGE_PIXELS = 40_000_000;

// A texture's sides: under 64 px there is nothing for a LoRA to learn (the advisor already warns
// under 1024), and over 8192 px no service trains at that size; together they refuse the needle
// images (1 × 100 000) that pass a pixel count.
export const TEXTURE_MIN_SIDE = 64;
export const TEXTURE_MAX_SIDE = 8192;

export const megapixels = (width: number, height: number) => Math.round((width * height) / 1_000_000);
