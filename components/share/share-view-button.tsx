"use client";

import dynamic from "next/dynamic";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { imagesIn } from "@/lib/image-count";
import type { GalleryQuery } from "@/lib/schemas/gallery-query";
import type { PredictionView } from "@/lib/types";
import type { ShareSource } from "./share-dialog";

// Opened on demand: the dialog and its schema are fetched when first opened, not with the page.
const ShareDialog = dynamic(() => import("./share-dialog").then((m) => m.ShareDialog), { ssr: false });

/** A button that opens the share dialog for its source. */
function ShareButton({ source, label, className }: { source: () => ShareSource; label: string; className?: string }) {
  const [open, setOpen] = useState<ShareSource | null>(null);
  return (
    <>
      <Button
        type="button"
        variant="secondary"
        className={className}
        onClick={() => setOpen(source())}
        aria-haspopup="dialog"
      >
        {label}
      </Button>
      {open && <ShareDialog source={open} onClose={() => setOpen(null)} />}
    </>
  );
}

/** "Share this view": a read-only, expiring link to the finished shots this gallery view shows now. */
export function ShareViewButton({ query, className }: { query: GalleryQuery; className?: string }) {
  return <ShareButton source={() => ({ view: query })} label="Share this view" className={className} />;
}

/** "Share selected (N)": a link to exactly the shots picked, N being their images. */
export function ShareSelectedButton({ selected, className }: { selected: PredictionView[]; className?: string }) {
  return (
    <ShareButton
      source={() => ({ picked: selected })}
      label={`Share selected (${imagesIn(selected)})`}
      className={className}
    />
  );
}
