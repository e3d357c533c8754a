import type { WebhookView } from "@/lib/api-types";
import { WEBHOOK_EVENT_WORDS } from "@/lib/schemas/notify";
import { WebhookActions } from "./webhook-actions";

/** The team's webhooks, drawn on the server: where each calls, on what, and why it was turned off. */
export function WebhookList({ hooks }: { hooks: WebhookView[] }) {
  return (
    <section aria-labelledby="webhook-list" className="space-y-2">
      <h2 id="webhook-list" className="text-lg font-semibold">
        Webhooks
      </h2>
      {hooks.length === 0 ? (
        <p className="text-sm text-zinc-600">No webhooks yet.</p>
      ) : (
        <ul
          aria-labelledby="webhook-list"
          className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 bg-white"
        >
          {hooks.map((hook) => (
            <li key={hook.id} className="flex flex-wrap items-center gap-3 p-3 text-sm">
              <div className="min-w-0 flex-1">
                <p className="font-mono break-all text-zinc-900">{hook.url_hint}</p>
                <p className="text-zinc-600">{hook.events.map((e) => WEBHOOK_EVENT_WORDS[e]).join(" · ")}</p>
                {hook.disabled_reason && <p className="text-red-700">{hook.disabled_reason}</p>}
              </div>
              <WebhookActions id={hook.id} urlHint={hook.url_hint} disabled={hook.disabled_at !== null} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
