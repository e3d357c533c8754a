"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { useDeleteWebhook, useEnableWebhook } from "@/hooks/use-notifications";
import { useServerRefresh } from "@/hooks/use-server-refresh";

/** A webhook's buttons; after a change the server draws the list again. */
export function WebhookActions({ id, urlHint, disabled }: { id: string; urlHint: string; disabled: boolean }) {
  const { refresh } = useServerRefresh();
  const remove = useDeleteWebhook();
  const enable = useEnableWebhook();
  const [error, setError] = useState<string | null>(null);
  const after = { onSuccess: refresh, onError: (e: Error) => setError(e.message) };
  return (
    <div className="flex flex-wrap items-center gap-2">
      {error && (
        <p role="alert" className="text-red-700">
          {error}
        </p>
      )}
      {disabled && (
        <Button type="button" variant="secondary" disabled={enable.isPending} onClick={() => enable.mutate(id, after)}>
          Turn back on
        </Button>
      )}
      <Button
        type="button"
        variant="ghost"
        aria-label={`Delete webhook ${urlHint}`}
        disabled={remove.isPending}
        onClick={() => remove.mutate(id, after)}
      >
        Delete
      </Button>
    </div>
  );
}
