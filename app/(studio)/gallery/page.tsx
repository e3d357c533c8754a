import { Suspense } from "react";
import { GalleryLoading } from "@/components/gallery/gallery-states";
import { GalleryView } from "@/components/gallery/gallery-view";

export const metadata = { title: "Gallery" };

export default function GalleryPage() {
  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight">Gallery</h1>
        <p className="text-zinc-600">Every product shot of your account. Find, compare and download them, or open one to review it.</p>
      </div>
      {/* The view reads its filters from the URL (useSearchParams), so it renders in the browser. */}
      <Suspense fallback={<GalleryLoading />}>
        <GalleryView />
      </Suspense>
    </div>
  );
}
