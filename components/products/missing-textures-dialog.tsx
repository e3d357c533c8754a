"use client";

import { useId, useRef } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";

/**
 * Asked before a product is created with empty or refused texture slots: the service has no product
 * update, so the slots stay empty (only a new version, a separate product, can have them). Going
 * back has the focus, so Enter never creates by accident.
 */
export function MissingTexturesDialog({ words, train, onConfirm, onClose }: { words: string; train: boolean; onConfirm: () => void; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const close = () => ref.current?.close();
  return (
    <Dialog ref={ref} labelledBy={titleId} onClose={onClose} className="max-w-md">
      <h2 id={titleId} className="text-lg font-semibold">
        Create the product without these textures?
      </h2>
      <div className="mt-2 space-y-2 text-sm text-zinc-700">
        <p>{words}</p>
        <p>
          A product’s textures cannot be added later. Its page can make a new version with them, but that is another product, with a
          LoRA trained again.
        </p>
      </div>
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={close} autoFocus>
          Go back and add them
        </Button>
        <Button
          onClick={() => {
            close();
            onConfirm();
          }}
        >
          {train ? "Create and train without them" : "Create without them"}
        </Button>
      </div>
    </Dialog>
  );
}
