import { GalleryView } from "@/components/gallery/gallery-view";
import { Prefetched } from "@/components/prefetch/prefetched";
import { galleryFiltersFromSearch } from "@/lib/schemas/gallery-query";
import { pageSearchParams } from "@/lib/schemas/query-params";
import { campaignFilter } from "@/lib/studio/campaign-filter";
import { galleryFirstPageQuery } from "@/lib/studio/first-pages";

export const metadata = { title: "Gallery" };

export default async function GalleryPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const search = pageSearchParams(await searchParams);
  const view = galleryFiltersFromSearch(search.toString());
  // A link from a campaign narrows the gallery to its shots; the filter bar names it.
  const campaign = await campaignFilter(view.filters.campaign_id);
  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight">Gallery</h1>
        <p className="text-zinc-600">
          Every product shot of your account. Find, compare and download them, or open one to review it.
        </p>
      </div>
      {/* Not behind a Suspense boundary: the first tiles come with the page's HTML itself, not in a
          later chunk that React reveals on its own schedule (the phone's largest image waited for it). */}
      <Prefetched queries={[galleryFirstPageQuery(view)]}>
        <GalleryView view={view} campaign={campaign} />
      </Prefetched>
    </div>
  );
}
