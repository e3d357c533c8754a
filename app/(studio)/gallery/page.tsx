import { Suspense } from "react";
import { GalleryLoading } from "@/components/gallery/gallery-states";
import { GalleryView } from "@/components/gallery/gallery-view";
import { Prefetched } from "@/components/prefetch/prefetched";
import { preloadFramedShot } from "@/components/predictions/shot-image";
import { TILE_SIZES } from "@/components/gallery/grid-geometry";
import { galleryFirstPageQuery } from "@/lib/studio/first-pages";
import type { GalleryPage } from "@/lib/studio/gallery-page";

export const metadata = { title: "Gallery" };

// The grid draws its tiles once a script has measured it; the first tile's image need not wait.
function preloadFirstTile(page: GalleryPage) {
  const first = page.items[0];
  if (first?.images.length) preloadFramedShot({ src: first.images[0], ratio: first.aspect_ratio, sizes: TILE_SIZES });
}

export default async function GalleryPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(await searchParams)) if (typeof value === "string") search.set(key, value);
  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight">Gallery</h1>
        <p className="text-zinc-600">Every product shot of your account. Find, compare and download them, or open one to review it.</p>
      </div>
      {/* The view reads its filters from the URL (useSearchParams), so it renders in the browser. */}
      <Suspense fallback={<GalleryLoading />}>
        <Prefetched queries={[galleryFirstPageQuery(search, preloadFirstTile)]}>
          <GalleryView />
        </Prefetched>
      </Suspense>
    </div>
  );
}
