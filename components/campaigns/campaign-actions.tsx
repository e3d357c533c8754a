"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useCampaignAction, type CampaignAction } from "@/hooks/use-campaigns";
import type { CampaignSummary } from "@/lib/api-types";

const TOUCH = "min-h-11";

/** Pause, resume, cancel (after asking) and retry the failed shots: for people who may start campaigns. */
export function CampaignActions({ campaign }: { campaign: CampaignSummary }) {
  const action = useCampaignAction(campaign.id);
  const [asking, setAsking] = useState(false);
  const { status } = campaign;
  const live = status === "running" || status === "training";
  const stoppable = live || status === "paused";
  const retryable = campaign.failed > 0 && status !== "cancelled";
  if (!stoppable && !retryable) return null;
  const run = (what: CampaignAction, then?: () => void) => action.mutate(what, { onSuccess: then });
  const pending = (what: CampaignAction) => action.isPending && action.variables === what;
  return (
    <div className="space-y-2">
      <div role="group" aria-label="Campaign actions" className="flex flex-wrap gap-2">
        {live && (
          <Button
            type="button"
            variant="secondary"
            className={TOUCH}
            disabled={action.isPending}
            onClick={() => run("pause")}
          >
            {pending("pause") ? "Pausing…" : "Pause"}
          </Button>
        )}
        {status === "paused" && (
          <Button type="button" className={TOUCH} disabled={action.isPending} onClick={() => run("resume")}>
            {pending("resume") ? "Resuming…" : "Resume"}
          </Button>
        )}
        {retryable && (
          <Button
            type="button"
            variant="secondary"
            className={TOUCH}
            disabled={action.isPending}
            onClick={() => run("retry-failed")}
          >
            {pending("retry-failed")
              ? "Retrying…"
              : `Retry ${campaign.failed === 1 ? "the failed shot" : `${campaign.failed.toLocaleString("en-US")} failed shots`}`}
          </Button>
        )}
        {stoppable && (
          <Button
            type="button"
            variant="ghost"
            className={`${TOUCH} text-red-700 hover:bg-red-50`}
            disabled={action.isPending}
            onClick={() => setAsking(true)}
          >
            Cancel campaign
          </Button>
        )}
      </div>
      {action.isError && !asking && (
        <p role="alert" className="text-sm text-red-700">
          {action.error.message}
        </p>
      )}
      {asking && (
        <CancelDialog
          open={campaign.open}
          busy={pending("cancel")}
          error={action.isError && action.variables === "cancel" ? action.error.message : null}
          onConfirm={(close) => run("cancel", close)}
          onClose={() => setAsking(false)}
        />
      )}
    </div>
  );
}

/** Asks before cancelling for good, and says what happens to the shots already sent. */
function CancelDialog({
  open,
  busy,
  error,
  onConfirm,
  onClose,
}: {
  open: number;
  busy: boolean;
  error: string | null;
  onConfirm: (close: () => void) => void;
  onClose: () => void;
}) {
  return (
    <ConfirmDialog
      title="Cancel this campaign?"
      confirmLabel={busy ? "Cancelling…" : "Cancel campaign"}
      cancelLabel="Keep it going"
      busy={busy}
      error={error}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <p>
        The {open.toLocaleString("en-US")} {open === 1 ? "shot" : "shots"} not yet made will not be made. Shots already
        sent to the image service finish and stay, with every shot already made, in the gallery.
      </p>
      <p>A cancelled campaign cannot be resumed; start a new one to make more.</p>
    </ConfirmDialog>
  );
}
