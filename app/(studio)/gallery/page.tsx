import { GalleryGrid } from "@/components/gallery/gallery-grid";

export const metadata = { title: "Gallery" };

export default function GalleryPage() {
  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight">Gallery</h1>
        <p className="text-zinc-600">Every product shot of your account. Open one to see it full size and download it.</p>
      </div>
      <GalleryGrid />
    </div>
  );
}
