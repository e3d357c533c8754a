// The app's one unit for "how many": images. A shot (one prediction) holds 1 to 4 images and counts
// as its images, so the gallery, the review queue, a ZIP and a share link all say the same number.

/** "1 image", "1,204 images". */
export function imageCountWords(count: number): string {
  return `${count.toLocaleString("en-US")} ${count === 1 ? "image" : "images"}`;
}

/** The images of some shots, all counted. */
export function imagesIn(shots: readonly { images: readonly string[] }[]): number {
  return shots.reduce((sum, shot) => sum + shot.images.length, 0);
}
