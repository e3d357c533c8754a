"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import type { GalleryQuery } from "@/lib/schemas/gallery-query";
import { ShareDialog } from "./share-dialog";

/** "Share this view": opens a dialog that makes a read-only, expiring link to this gallery view. */
export function ShareViewButton({ query }: { query: GalleryQuery }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="button" variant="secondary" onClick={() => setOpen(true)} aria-haspopup="dialog">
        Share this view
      </Button>
      {open && <ShareDialog query={query} onClose={() => setOpen(false)} />}
    </>
  );
}
