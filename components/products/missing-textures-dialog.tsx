"use client";

import { ConfirmDialog } from "@/components/ui/confirm-dialog";

/**
 * Asked before a product is created with empty or refused texture slots: the service has no product
 * update, so the slots stay empty (only a new version, a separate product, can have them). Going
 * back has the focus, so Enter never creates by accident.
 */
export function MissingTexturesDialog({
  words,
  train,
  onConfirm,
  onClose,
}: {
  words: string;
  train: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <ConfirmDialog
      title="Create the product without these textures?"
      confirmLabel={train ? "Create and train without them" : "Create without them"}
      cancelLabel="Go back and add them"
      tone="primary"
      busy={false}
      error={null}
      onConfirm={(close) => {
        close();
        onConfirm();
      }}
      onClose={onClose}
    >
      <p>{words}</p>
      <p>
        A product’s textures cannot be added later. Its page can make a new version with them, but that is another
        product, with a LoRA trained again.
      </p>
    </ConfirmDialog>
  );
}
