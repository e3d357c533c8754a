"use client";

import Link from "next/link";
import { usePathname, useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { FilterChip } from "@/components/ui/filter-chip";
import type { QueueItem } from "@/lib/api-types";
import type { CampaignFilter } from "@/lib/api-types";
import { useReviewCounts, useReviewQueue } from "@/hooks/use-reviews";
import type { QueueSort } from "@/lib/schemas/review-params";
import { QueueCard } from "./queue-card";
import { awaitingOf } from "./queue-counts";
import { QueueFilters } from "./queue-filters";
import { useUndoableReview, useUndoShortcut } from "./use-undoable-review";

const keyOf = (item: QueueItem) => `${item.prediction.id}#${item.image_index}`;

/**
 * The queue with its order and product filter, narrowed to one campaign when the page's URL names
 * it (the label removes it: the URL loses it and the server draws the page again); a new view
 * starts afresh (nothing done or skipped).
 */
export function ReviewQueue({ campaign }: { campaign: CampaignFilter | null }) {
  const router = useRouter();
  const pathname = usePathname();
  const [sort, setSort] = useState<QueueSort>("oldest");
  const [productId, setProductId] = useState<string | undefined>();
  const query = useReviewQueue(sort, productId, campaign?.id);
  // The picker and the page count from the same answer: the counts refreshed after every review
  // action (the queue's own first answer until they arrive).
  const counts = useReviewCounts(campaign?.id);
  const products = counts.data?.products ?? query.data?.products ?? [];
  const { undoLast } = useUndoableReview();
  useUndoShortcut(undoLast);
  const filtered = productId ? "product" : campaign ? "campaign" : null;
  return (
    <div className="space-y-4">
      {campaign && (
        <FilterChip
          label="Campaign"
          value={campaign.name}
          removeLabel="Review shots of every campaign"
          onRemove={() => router.replace(pathname, { scroll: false })}
        />
      )}
      <QueueFilters sort={sort} onSort={setSort} productId={productId} onProduct={setProductId} products={products} />
      <QueueView
        key={`${sort}#${productId ?? ""}#${campaign?.id ?? ""}`}
        query={query}
        filtered={filtered}
        awaiting={awaitingOf(products, productId)}
        onChange={() => void counts.refetch()}
      />
    </div>
  );
}

/**
 * One image at a time, in the chosen order. Approve or reject takes it out of the queue (Undo puts
 * it back); skip leaves it for later (this visit only). Star and comment keep it here.
 */
function QueueView({
  query,
  filtered,
  awaiting,
  onChange,
}: {
  query: ReturnType<typeof useReviewQueue>;
  filtered: "product" | "campaign" | null;
  awaiting: number;
  onChange: () => void;
}) {
  const [done, setDone] = useState<ReadonlySet<string>>(new Set());
  const [skipped, setSkipped] = useState<ReadonlySet<string>>(new Set());
  const waiting = query.data?.items.filter((item) => !done.has(keyOf(item))) ?? [];
  const current = waiting.find((item) => !skipped.has(keyOf(item)));
  const needMore = query.isSuccess && waiting.length === 0 && query.data.next_cursor !== null;
  const { refetch } = query;
  useEffect(() => {
    // This page is done but more wait: fetch the next oldest ones (reviewed ones are gone from it).
    if (needMore) void refetch();
  }, [needMore, refetch]);

  if (query.isPending) {
    return (
      <div role="status" className="space-y-3">
        <span className="sr-only">Loading the review queue…</span>
        <div
          aria-hidden="true"
          className="mx-auto aspect-square w-full max-w-xl animate-pulse rounded-lg bg-zinc-200 motion-reduce:animate-none"
        />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div role="alert" className="space-y-3 rounded-md bg-red-50 px-4 py-3 text-sm text-red-800">
        <p>The review queue could not be loaded: {query.error.message}</p>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }

  if (!current) {
    if (waiting.length > 0) {
      return (
        <div className="space-y-3 rounded-lg border border-dashed border-zinc-300 bg-white px-4 py-8 text-center">
          <p className="font-medium text-zinc-900">
            You skipped {waiting.length === 1 ? "the last image" : `the last ${waiting.length} images`} that wait for
            review.
          </p>
          <Button variant="secondary" onClick={() => setSkipped(new Set())}>
            Go through the skipped ones again
          </Button>
        </div>
      );
    }
    if (needMore || query.isRefetching) {
      return (
        <p role="status" className="text-sm text-zinc-600">
          Loading more…
        </p>
      );
    }
    return (
      <div className="space-y-2 rounded-lg border border-dashed border-zinc-300 bg-white px-4 py-10 text-center">
        <p className="text-lg font-semibold text-zinc-900">
          Nothing waits for review{filtered ? ` of this ${filtered}` : ""}
        </p>
        <p className="text-sm text-zinc-600">
          Every product shot has been approved or rejected.{" "}
          <Link prefetch={false} href="/gallery" className="font-medium text-brand-700 underline">
            Browse the gallery
          </Link>
        </p>
      </div>
    );
  }

  return (
    <QueueCard
      key={keyOf(current)}
      item={current}
      awaiting={awaiting}
      onReviewed={() => {
        setDone((s) => new Set(s).add(keyOf(current)));
        onChange();
      }}
      onRestore={() => {
        setDone((s) => {
          const next = new Set(s);
          next.delete(keyOf(current));
          return next;
        });
        onChange();
      }}
      onSkip={() => setSkipped((s) => new Set(s).add(keyOf(current)))}
    />
  );
}
