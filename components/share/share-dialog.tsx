"use client";

import Link from "next/link";
import { useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { useToast } from "@/components/ui/toast";
import { useCheckedForm } from "@/hooks/use-checked-form";
import { useCreateShare, useSharePreview, type CreatedShare } from "@/hooks/use-shares";
import { formatDateTime } from "@/lib/format";
import { imageCountWords, imagesIn } from "@/lib/image-count";
import { gallerySearchParams } from "@/lib/schemas/gallery-params";
import type { GalleryQuery } from "@/lib/schemas/gallery-query";
import { createShareSchema } from "@/lib/schemas/share";
import type { PredictionView } from "@/lib/types";
import { CopyButton } from "./copy-button";
import { shareUrl } from "./filter-words";
import { PickedScope, ShareScope, accessWords, shareableCount } from "./share-scope";
import { SignOffChoice } from "./sign-off-choice";

const EXPIRIES = [1, 7, 30, 90] as const;

/** The view's filter in its URL form, without the paging keys (a share is a view, not a page). */
function viewFilter(query: GalleryQuery): Record<string, string> {
  const params = gallerySearchParams(query);
  params.delete("limit");
  params.delete("cursor");
  return Object.fromEntries(params);
}

/** What a link is made of: the gallery's view now, or the shots selected in it. */
export type ShareSource = { view: GalleryQuery } | { picked: PredictionView[] };

/** The shots' one product, as a filter that names the link (several products: none). */
function pickedFilter(picked: PredictionView[]): Record<string, string> {
  const products = new Set(picked.map((p) => p.product_id));
  return products.size === 1 ? { product_id: picked[0].product_id } : {};
}

/** In the app's modal Dialog: title and expiry → the link, with a Copy button. */
export function ShareDialog({ source, onClose }: { source: ShareSource; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  const toast = useToast();
  const create = useCreateShare();
  const [title, setTitle] = useState("");
  const [days, setDays] = useState<number>(7);
  // Read-only unless the maker says otherwise: a link is taken to be read-only, and a visitor's
  // approval counts as the team's (it takes the image out of the review queue).
  const [signOff, setSignOff] = useState(false);
  const form = useCheckedForm(createShareSchema, "Check the title.");
  const [created, setCreated] = useState<CreatedShare | null>(null);
  const picked = "picked" in source ? source.picked.filter((p) => p.images.length > 0) : null;
  const filter = picked ? pickedFilter(picked) : viewFilter((source as { view: GalleryQuery }).view);
  const preview = useSharePreview(filter, !picked);
  const images = picked ? imagesIn(picked) : (preview.data?.images ?? 0);
  const ready = picked ? shareableCount(picked.length) : shareableCount(preview.data?.count);
  const prediction_ids = picked?.map((p) => p.id);
  const heading = picked ? "Share selected images" : "Share this view";

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = form.check({
      filter,
      prediction_ids,
      expires_in_days: days,
      title: title.trim() || undefined,
      sign_off: signOff,
    });
    if (!checked) return;
    create.mutate(
      { filter, prediction_ids, expires_in_days: days, title: checked.title, sign_off: checked.sign_off },
      {
        onSuccess: (share) => {
          setCreated(share);
          toast.show("Share link created.", "success");
        },
        onError: form.refused,
      },
    );
  }

  return (
    <Dialog ref={ref} labelledBy={`${id}-title`} onClose={onClose} className="max-w-lg">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {heading}
      </h2>
      {created ? (
        <p className="mt-1 text-sm text-zinc-700">
          The link shows {imageCountWords(images)}, {accessWords(created.sign_off)}.
        </p>
      ) : picked ? (
        <PickedScope picked={picked} signOff={signOff} />
      ) : (
        <ShareScope filter={filter} preview={preview} signOff={signOff} />
      )}
      {created ? (
        <div className="mt-4 space-y-3">
          <Field label="Share link" readOnly value={shareUrl(created.url)} onFocus={(e) => e.currentTarget.select()} />
          <p className="text-xs text-zinc-600">
            Works until {formatDateTime(new Date(created.expires_at))}.{" "}
            <Link href="/shares" className="font-medium text-brand-700 underline">
              Manage shared links
            </Link>
          </p>
          <div className="flex justify-end gap-2">
            <CopyButton text={shareUrl(created.url)} label="Copy link" />
            <Button variant="secondary" onClick={() => ref.current?.close()} autoFocus>
              Done
            </Button>
          </div>
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4">
          <Field
            label="Title (optional)"
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            maxLength={120}
            placeholder="e.g. Spring campaign picks"
          />
          <div className="space-y-1">
            <label htmlFor={`${id}-expiry`} className="block text-sm font-medium text-zinc-800">
              Expires after
            </label>
            <select
              id={`${id}-expiry`}
              value={days}
              onChange={(e) => setDays(Number(e.target.value))}
              className="block rounded-md border border-zinc-300 bg-white px-3 py-2 text-sm"
            >
              {EXPIRIES.map((d) => (
                <option key={d} value={d}>
                  {d === 1 ? "1 day" : `${d} days`}
                </option>
              ))}
            </select>
          </div>
          <SignOffChoice checked={signOff} onChange={setSignOff} />
          {form.error && (
            <p role="alert" className="text-sm text-red-700">
              {form.error}
            </p>
          )}
          <div className="flex justify-end gap-2">
            <Button type="button" variant="secondary" onClick={() => ref.current?.close()}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending || !ready}>
              {create.isPending ? "Creating…" : "Create link"}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
