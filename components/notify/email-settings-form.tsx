"use client";

import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/form-error";
import { useToast } from "@/components/ui/toast";
import { formatClockTime } from "@/lib/format";
import { useCheckedForm } from "@/hooks/use-checked-form";
import { useHydrated } from "@/hooks/use-hydrated";
import { useSaveNotificationSettings } from "@/hooks/use-notifications";
import type { NotificationSettingsView } from "@/lib/api-types";
import { notificationSettingsSchema, type NotificationSettingsInput } from "@/lib/schemas/notify";

const HOURS = Array.from({ length: 24 }, (_, h) => h);
// The server draws the form first and cannot know the reader's language: until the browser has
// taken over, hours are said one fixed way, so both drawings agree.
const hourLabel = (h: number, hydrated: boolean) =>
  formatClockTime(new Date(2000, 0, 1, h), { locale: hydrated ? undefined : "en-US" });

/**
 * Which emails this person gets, as read on the server. The digest hour is kept in the browser's
 * own time zone, which only the browser knows (the saved one is shown until it takes over).
 */
export function EmailSettingsForm({ initial }: { initial: NotificationSettingsView }) {
  const save = useSaveNotificationSettings();
  const toast = useToast();
  const hydrated = useHydrated();
  const { email_configured: emailConfigured, ...saved } = initial;
  const [form, setForm] = useState<NotificationSettingsInput>(saved);
  const timeZone = (hydrated && Intl.DateTimeFormat().resolvedOptions().timeZone) || form.time_zone;
  const checked = useCheckedForm(notificationSettingsSchema);

  const set = (change: Partial<NotificationSettingsInput>) => setForm({ ...form, ...change });
  function submit(event: FormEvent) {
    event.preventDefault();
    const input = checked.check({ ...form, time_zone: timeZone });
    if (input)
      save.mutate(input, {
        onSuccess: () => toast.show("Your email settings are saved.", "success"),
        onError: checked.refused,
      });
  }

  return (
    <form onSubmit={submit} className="max-w-xl space-y-5">
      {!emailConfigured && (
        <p role="note" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          Email is not set up on this installation yet, so no email is sent. Your choices are kept for when it is; the
          bell in the top bar tells you either way.
        </p>
      )}
      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold text-zinc-900">Email me when</legend>
        <Check
          label="a training I started has finished"
          checked={form.email_training}
          onChange={(v) => set({ email_training: v })}
        />
        <Check
          label="my shots are ready (one email per batch)"
          checked={form.email_shots}
          onChange={(v) => set({ email_shots: v })}
        />
        <Check
          label="images await review: a daily summary, only on days when there are any"
          checked={form.email_digest}
          onChange={(v) => set({ email_digest: v })}
        />
      </fieldset>
      <div className="space-y-1">
        <label htmlFor="digest-hour" className="block text-sm font-medium text-zinc-800">
          Send the daily summary at
        </label>
        <select
          id="digest-hour"
          value={form.digest_hour}
          disabled={!form.email_digest}
          onChange={(e) => set({ digest_hour: Number(e.target.value) })}
          className="block h-11 rounded-md border border-zinc-300 bg-white px-3 text-sm disabled:opacity-50"
        >
          {HOURS.map((h) => (
            <option key={h} value={h}>
              {hourLabel(h, hydrated)}
            </option>
          ))}
        </select>
        <p className="text-xs text-zinc-600">Your time zone: {timeZone}</p>
      </div>
      <FormError error={checked.error} />
      <Button type="submit" disabled={save.isPending}>
        Save email settings
      </Button>
    </form>
  );
}

function Check({ label, checked, onChange }: { label: string; checked: boolean; onChange: (value: boolean) => void }) {
  return (
    <label className="flex min-h-11 items-center gap-3 text-sm text-zinc-800">
      <input
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        className="h-5 w-5 accent-brand-600"
      />
      {label}
    </label>
  );
}
