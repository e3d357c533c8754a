import Link from "next/link";
import { buttonClass } from "@/components/ui/button";
import { ZipLink } from "./zip-link";

const LINK = buttonClass("secondary", "min-h-11");

/** Where the campaign's shots go next: the review queue and the gallery narrowed to them, and ZIPs. */
export function CampaignLinks({ id, ready }: { id: string; ready: number }) {
  const campaign = encodeURIComponent(id);
  return (
    <nav aria-label="This campaign's shots" className="flex flex-wrap gap-2">
      <Link prefetch={false} href={`/review?campaign_id=${campaign}`} className={LINK}>
        Review these shots
      </Link>
      <Link prefetch={false} href={`/gallery?campaign_id=${campaign}`} className={LINK}>
        See in gallery
      </Link>
      {/* The ZIP comes in folders by product and output. */}
      {ready > 0 && (
        <>
          <ZipLink href={`/api/campaigns/${campaign}/zip?images=approved`}>Download approved (ZIP)</ZipLink>
          <ZipLink href={`/api/campaigns/${campaign}/zip?images=all`}>Download all (ZIP)</ZipLink>
        </>
      )}
    </nav>
  );
}
