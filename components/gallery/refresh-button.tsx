"use client";

import { Button } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";
import { useRefreshGallery } from "@/hooks/use-gallery";

/** Asks for shots made elsewhere now, rather than at the next background refresh. */
export function RefreshButton() {
  const refresh = useRefreshGallery();
  const toast = useToast();
  return (
    <Button
      type="button"
      variant="secondary"
      disabled={refresh.isPending}
      onClick={() =>
        refresh.mutate(undefined, {
          onSuccess: () => toast.show("The gallery is up to date.", "success"),
          onError: (error) => toast.show(error.message, "error"),
        })
      }
    >
      {refresh.isPending ? "Refreshing…" : "Refresh"}
    </Button>
  );
}
