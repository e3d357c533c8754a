"use client";

import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/form-error";
import { useToast } from "@/components/ui/toast";
import { useCheckedForm } from "@/hooks/use-checked-form";
import { useNotificationSettings, useSaveNotificationSettings } from "@/hooks/use-notifications";
import type { NotificationSettingsView } from "@/lib/notify/views";
import { notificationSettingsSchema, type NotificationSettingsInput } from "@/lib/schemas/notify";

const HOURS = Array.from({ length: 24 }, (_, h) => h);
const hourLabel = (h: number) => new Date(2000, 0, 1, h).toLocaleTimeString(undefined, { hour: "numeric", minute: "2-digit" });

/** Which emails this person gets. The digest hour is kept in the browser's own time zone. */
export function EmailSettingsForm() {
  const { data, isPending, error } = useNotificationSettings();
  if (isPending) return <p role="status" className="text-sm text-zinc-600">Loading your settings…</p>;
  if (error || !data) return <p role="alert" className="text-sm text-red-700">{error?.message ?? "Your settings could not be loaded."}</p>;
  return <SettingsFields initial={data} />;
}

function SettingsFields({ initial }: { initial: NotificationSettingsView }) {
  const save = useSaveNotificationSettings();
  const toast = useToast();
  const { email_configured: emailConfigured, ...saved } = initial;
  const [form, setForm] = useState<NotificationSettingsInput>(() => ({
    ...saved,
    time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone || saved.time_zone,
  }));
  const checked = useCheckedForm(notificationSettingsSchema);

  const set = (change: Partial<NotificationSettingsInput>) => setForm({ ...form, ...change });
  function submit(event: FormEvent) {
    event.preventDefault();
    const input = checked.check(form);
    if (input) save.mutate(input, { onSuccess: () => toast.show("Your email settings are saved.", "success"), onError: checked.refused });
  }

  return (
    <form onSubmit={submit} className="max-w-xl space-y-5">
      {!emailConfigured && (
        <p role="note" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          Email is not set up on this installation yet, so no email is sent. Your choices are kept for when it is; the bell
          in the top bar tells you either way.
        </p>
      )}
      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold text-zinc-900">Email me when</legend>
        <Check label="a training I started has finished" checked={form.email_training} onChange={(v) => set({ email_training: v })} />
        <Check label="my shots are ready (one email per batch)" checked={form.email_shots} onChange={(v) => set({ email_shots: v })} />
        <Check label="images await review: a daily summary, only on days when there are any" checked={form.email_digest} onChange={(v) => set({ email_digest: v })} />
      </fieldset>
      <div className="space-y-1">
        <label htmlFor="digest-hour" className="block text-sm font-medium text-zinc-800">Send the daily summary at</label>
        <select
          id="digest-hour"
          value={form.digest_hour}
          disabled={!form.email_digest}
          onChange={(e) => set({ digest_hour: Number(e.target.value) })}
          className="block h-11 rounded-md border border-zinc-300 bg-white px-3 text-sm disabled:opacity-50"
        >
          {HOURS.map((h) => (
            <option key={h} value={h}>{hourLabel(h)}</option>
          ))}
        </select>
        <p className="text-xs text-zinc-600">Your time zone: {form.time_zone}</p>
      </div>
      <FormError error={checked.error} />
      <Button type="submit" disabled={save.isPending}>Save email settings</Button>
    </form>
  );
}

function Check({ label, checked, onChange }: { label: string; checked: boolean; onChange: (value: boolean) => void }) {
  return (
    <label className="flex min-h-11 items-center gap-3 text-sm text-zinc-800">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} className="h-5 w-5 accent-brand-600" />
      {label}
    </label>
  );
}
