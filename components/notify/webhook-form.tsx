"use client";

import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { useCreateWebhook } from "@/hooks/use-notifications";
import { createWebhookSchema, WEBHOOK_EVENTS, WEBHOOK_EVENT_WORDS, type WebhookEvent } from "@/lib/schemas/notify";

/** Adds a webhook; its signing secret comes back once, for the admin to give the receiver. */
export function WebhookForm({ onCreated }: { onCreated: (secret: string) => void }) {
  const create = useCreateWebhook();
  const [url, setUrl] = useState("");
  const [events, setEvents] = useState<WebhookEvent[]>(["training.finished", "shots.ready"]);
  const [error, setError] = useState<string | null>(null);

  function toggle(event: WebhookEvent, on: boolean) {
    setEvents((all) => (on ? [...all, event] : all.filter((e) => e !== event)));
  }
  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = createWebhookSchema.safeParse({ url, events });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? "Check the form.");
    setError(null);
    create.mutate(parsed.data, {
      onSuccess: ({ secret }) => {
        setUrl("");
        onCreated(secret);
      },
      onError: (err) => setError(err.message),
    });
  }

  return (
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
            <input type="checkbox" className="h-5 w-5 accent-brand-600" checked={events.includes(event)} onChange={(e) => toggle(event, e.target.checked)} />
            {WEBHOOK_EVENT_WORDS[event]}
          </label>
        ))}
      </fieldset>
      {error && <p role="alert" className="text-sm text-red-700">{error}</p>}
      <Button type="submit" disabled={create.isPending}>Add webhook</Button>
    </form>
  );
}
