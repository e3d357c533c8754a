"use client";

import { Button } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";

/** Copies a text (a link) to the clipboard and says so; tells how to copy by hand if refused. */
export function CopyButton({ text, label = "Copy", srLabel }: { text: string; label?: string; srLabel?: string }) {
  const toast = useToast();
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      toast.show("Link copied.", "success");
    } catch {
      toast.show("The browser did not allow copying. Select the link and copy it by hand.", "error");
    }
  }
  return (
    <Button type="button" variant="secondary" onClick={() => void copy()}>
      {label}
      {srLabel && <span className="sr-only"> {srLabel}</span>}
    </Button>
  );
}
