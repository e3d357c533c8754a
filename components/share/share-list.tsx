import { LocalDateTime } from "@/components/ui/local-date-time";
import type { ShareView } from "@/lib/api-types";
import { imageCountWords } from "@/lib/image-count";
import { filterWords } from "./filter-words";
import { ShareActions } from "./share-actions";
import { ShareAddress } from "./share-address";
import { SignOffSwitch } from "./sign-off-switch";

type Status = "active" | "expired" | "revoked";
const statusOf = (s: ShareView): Status => (s.revoked_at ? "revoked" : s.active ? "active" : "expired");
const STATUS_CLASS: Record<Status, string> = {
  active: "bg-emerald-100 text-emerald-900 ring-emerald-300",
  expired: "bg-zinc-100 text-zinc-800 ring-zinc-300",
  revoked: "bg-red-100 text-red-900 ring-red-300",
};

/** The address, to its maker only; the words say why when there is none to show. */
function LinkAddress({ share, name }: { share: ShareView; name: string }) {
  if (share.url) return <ShareAddress url={share.url} name={name} />;
  const words =
    share.url === null
      ? "Made before addresses were kept: its address cannot be shown again. Make a new link to send it afresh."
      : "Only the person who made it can copy its address.";
  return <p className="text-xs text-zinc-600">{words}</p>;
}

/**
 * My share links (all of them for an admin), drawn on the server: status, expiry, the filter in
 * words; the switch and the buttons of an active link are small islands.
 */
export function ShareList({ shares, showAuthor }: { shares: ShareView[]; showAuthor: boolean }) {
  if (shares.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-zinc-300 bg-white px-4 py-6 text-center text-sm text-zinc-700">
        No shared links yet. In the gallery, filter the view you want to show and press “Share this view”.
      </p>
    );
  }
  return (
    <ul
      aria-label="Shared links"
      className="divide-y divide-zinc-200 overflow-hidden rounded-lg border border-zinc-200 bg-white"
    >
      {shares.map((share) => {
        const status = statusOf(share);
        const name = share.title ?? "Untitled link";
        return (
          <li key={share.id} aria-label={name} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
            {/* 16rem before it shares the line: on a phone the buttons go below the words, not beside them. */}
            <div className="min-w-0 flex-[1_1_16rem] space-y-0.5">
              <p className="flex flex-wrap items-center gap-2">
                <span className="font-medium text-zinc-900">{name}</span>
                <span
                  className={`rounded-full px-2 py-0.5 text-xs font-semibold capitalize ring-1 ring-inset ${STATUS_CLASS[status]}`}
                >
                  {status}
                </span>
              </p>
              <p className="text-sm text-zinc-700">
                {typeof share.images === "number" && `${imageCountWords(share.images)} · `}
                {filterWords(share.filter, share.product_name)}
              </p>
              <p className="text-xs text-zinc-600">
                {status === "revoked" && share.revoked_at ? (
                  <>
                    Revoked <LocalDateTime value={share.revoked_at} />
                  </>
                ) : (
                  <>
                    {status === "expired" ? "Expired" : "Expires"} <LocalDateTime value={share.expires_at} />
                  </>
                )}
                {" · made "}
                <LocalDateTime value={share.created_at} />
                {showAuthor && share.created_by_email ? ` by ${share.created_by_email}` : ""}
              </p>
              {status === "active" && <SignOffSwitch id={share.id} on={share.sign_off} name={name} />}
              {status === "active" && <LinkAddress share={share} name={name} />}
            </div>
            {status === "active" && <ShareActions id={share.id} name={name} />}
          </li>
        );
      })}
    </ul>
  );
}
