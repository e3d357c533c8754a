"use client";

import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { FormError } from "@/components/ui/form-error";
import { useCheckedForm } from "@/hooks/use-checked-form";
import { useCreateWebhook } from "@/hooks/use-notifications";
import { useServerRefresh } from "@/hooks/use-server-refresh";
import { createWebhookSchema, WEBHOOK_EVENTS, WEBHOOK_EVENT_WORDS, type WebhookEvent } from "@/lib/schemas/notify";

/**
 * Adds a webhook and shows its signing secret, which comes back this once, for the admin to give
 * the receiver; the server then draws the list again with the new one.
 */
export function WebhookForm() {
  const { refresh } = useServerRefresh();
  const create = useCreateWebhook();
  const [secret, setSecret] = useState<string | null>(null);
  const [url, setUrl] = useState("");
  const [events, setEvents] = useState<WebhookEvent[]>(["training.finished", "shots.ready"]);
  const form = useCheckedForm(createWebhookSchema);

  function toggle(event: WebhookEvent, on: boolean) {
    setEvents((all) => (on ? [...all, event] : all.filter((e) => e !== event)));
  }
  function submit(e: FormEvent) {
    e.preventDefault();
    const input = form.check({ url, events });
    if (!input) return;
    create.mutate(input, {
      onSuccess: (created) => {
        setUrl("");
        setSecret(created.secret);
        refresh();
      },
      onError: form.refused,
    });
  }

  return (
    <div className="space-y-6">
      <form onSubmit={submit} noValidate className="space-y-4 rounded-lg border border-zinc-200 bg-white p-4">
        <h2 className="text-lg font-semibold">Add a webhook</h2>
        <Field
          label="Webhook address"
          type="url"
          placeholder="https://hooks.slack.com/services/…"
          hint="From Slack, Microsoft Teams or any service that accepts JSON. Must start with https://."
          value={url}
          onChange={(e) => setUrl(e.target.value)}
        />
        <fieldset className="flex flex-wrap gap-x-6 gap-y-1">
          <legend className="mb-1 text-sm font-medium text-zinc-800">Send when</legend>
          {WEBHOOK_EVENTS.map((event) => (
            <label key={event} className="flex min-h-11 items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="h-5 w-5 accent-brand-600"
                checked={events.includes(event)}
                onChange={(e) => toggle(event, e.target.checked)}
              />
              {WEBHOOK_EVENT_WORDS[event]}
            </label>
          ))}
        </fieldset>
        <FormError error={form.error} />
        <Button type="submit" disabled={create.isPending}>
          Add webhook
        </Button>
      </form>
      {secret && (
        <div
          role="status"
          className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
        >
          <p>
            The webhook is added. Its signing secret is shown this once: give it to the receiving service to check the
            <code className="mx-1">X-Studio-Signature</code>header.
          </p>
          <code
            aria-label="Signing secret"
            className="block rounded bg-white px-3 py-2 font-mono break-all text-zinc-900"
          >
            {secret}
          </code>
          <Button type="button" variant="ghost" onClick={() => setSecret(null)}>
            Done
          </Button>
        </div>
      )}
    </div>
  );
}
