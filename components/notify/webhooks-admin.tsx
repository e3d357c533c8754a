"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { useDeleteWebhook, useEnableWebhook, useWebhooks } from "@/hooks/use-notifications";
import { WEBHOOK_EVENT_WORDS } from "@/lib/schemas/notify";
import { WebhookForm } from "./webhook-form";

export function WebhooksAdmin() {
  const { data, isPending, error } = useWebhooks();
  const remove = useDeleteWebhook();
  const enable = useEnableWebhook();
  const [secret, setSecret] = useState<string | null>(null);

  return (
    <div className="space-y-6">
      <WebhookForm onCreated={setSecret} />
      {secret && (
        <div role="status" className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
          <p>
            The webhook is added. Its signing secret is shown this once: give it to the receiving service to check the
            <code className="mx-1">X-Studio-Signature</code>header.
          </p>
          <code aria-label="Signing secret" className="block rounded bg-white px-3 py-2 font-mono break-all text-zinc-900">{secret}</code>
          <Button type="button" variant="ghost" onClick={() => setSecret(null)}>Done</Button>
        </div>
      )}
      <section aria-labelledby="webhook-list" className="space-y-2">
        <h2 id="webhook-list" className="text-lg font-semibold">Webhooks</h2>
        {isPending && <p role="status" className="text-sm text-zinc-600">Loading…</p>}
        {error && <p role="alert" className="text-sm text-red-700">{error.message}</p>}
        {data?.length === 0 && <p className="text-sm text-zinc-600">No webhooks yet.</p>}
        <ul className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 bg-white">
          {data?.map((hook) => (
            <li key={hook.id} className="flex flex-wrap items-center gap-3 p-3 text-sm">
              <div className="min-w-0 flex-1">
                <p className="font-mono break-all text-zinc-900">{hook.url_hint}</p>
                <p className="text-zinc-600">{hook.events.map((e) => WEBHOOK_EVENT_WORDS[e]).join(" · ")}</p>
                {hook.disabled_reason && <p className="text-red-700">{hook.disabled_reason}</p>}
              </div>
              {hook.disabled_at && (
                <Button type="button" variant="secondary" onClick={() => enable.mutate(hook.id)}>Turn back on</Button>
              )}
              <Button type="button" variant="ghost" aria-label={`Delete webhook ${hook.url_hint}`} onClick={() => remove.mutate(hook.id)}>
                Delete
              </Button>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
