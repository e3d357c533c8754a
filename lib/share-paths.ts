// The routes of one image of a share link, for the server that draws the page and the browser's
// viewer alike. Client-safe: no server imports. The link's token is the whole permission.

const imageQuery = (predictionId: string, index: number) => `p=${encodeURIComponent(predictionId)}&i=${index}`;

/** The image at a width the route makes (`&w=`, see lib/images/thumb-url.ts), never the asset address. */
export function sharedImagePath(token: string, predictionId: string, index: number): string {
  return `/api/share/${token}/image?${imageQuery(predictionId, index)}`;
}

/** The image as it was made, as an attachment named by the app's one file-name rule. */
export function sharedDownloadPath(token: string, predictionId: string, index: number): string {
  return `/api/share/${token}/download?${imageQuery(predictionId, index)}`;
}
