import Link from "next/link";
import { buttonClass } from "@/components/ui/button";
import type { CampaignPage } from "@/lib/api-types";
import { CampaignLine } from "./campaign-line";
import { CampaignOlder } from "./campaign-older";

/** The Campaigns page's body, drawn on the server: the newest page, then "Show older" in the browser. */
export function CampaignList({ first, canCreate }: { first: CampaignPage; canCreate: boolean }) {
  if (first.items.length === 0) return <NoCampaigns canCreate={canCreate} />;
  return (
    <div className="space-y-4">
      <CampaignOlder after={first.next_cursor}>
        {first.items.map((campaign) => (
          <CampaignLine key={campaign.id} campaign={campaign} />
        ))}
      </CampaignOlder>
    </div>
  );
}

/** What a campaign is, for someone who has never seen one. */
function NoCampaigns({ canCreate }: { canCreate: boolean }) {
  return (
    <div className="space-y-3 rounded-lg border border-dashed border-zinc-300 bg-white px-6 py-10 text-center">
      <h2 className="text-lg font-semibold text-zinc-900">No campaigns yet</h2>
      <p className="mx-auto max-w-prose text-zinc-700">
        A campaign makes all of a launch&apos;s product shots in one go: choose the products, describe a few scenes,
        pick where the shots will go (Instagram, a web banner, any aspect ratio) and how many variations of each.
        Product Studio trains any product that still needs it, then makes every shot — you can close the page and come
        back.
      </p>
      {canCreate ? (
        <div className="flex flex-wrap justify-center gap-2">
          <Link prefetch={false} href="/campaigns/new" className={buttonClass("primary")}>
            New campaign
          </Link>
          <Link prefetch={false} href="/products" className={buttonClass("secondary")}>
            Choose products first
          </Link>
        </div>
      ) : (
        <p className="text-sm text-zinc-600">
          Editors and admins start campaigns; you will see them here to review their shots.
        </p>
      )}
    </div>
  );
}
