"use client";

import { useDeviceNotifications, type DeviceNotifications } from "@/hooks/use-device-notifications";

// The words under the switch: what this device does now, and what to do when it cannot.
const WORDS: Record<DeviceNotifications, string> = {
  checking: "Checking this browser…",
  on: "On: this device shows a notification for each email you chose above, even with Product Studio closed.",
  off: "Off: this device shows no notifications.",
  blocked:
    "Blocked by the browser: notifications for this site were refused. Allow them in the browser's site settings (the icon beside the address), then turn this on.",
  "home-screen":
    "Not available in this browser tab. On an iPhone or iPad, tap Share, then Add to Home Screen, open Product Studio from the home screen and turn this on there.",
  unsupported: "Not supported on this browser. Try a current Chrome, Edge, Firefox or Safari.",
};

/** "Notifications on this device": the same choices as the emails, shown by this browser. */
export function DeviceNotificationsSwitch() {
  const { state, change } = useDeviceNotifications();
  const usable = state === "on" || state === "off";
  const on = change.isPending && change.variables !== undefined ? change.variables : state === "on";
  return (
    <section aria-labelledby="device-notifications" className="max-w-xl space-y-2">
      <h2 id="device-notifications" className="text-sm font-semibold text-zinc-900">
        Notifications on this device
      </h2>
      <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm text-zinc-800">
        <input
          type="checkbox"
          role="switch"
          checked={on}
          disabled={!usable || change.isPending}
          aria-describedby="device-notifications-state"
          onChange={(e) => change.mutate(e.target.checked)}
          className="h-5 w-5 accent-brand-600"
        />
        Show my notifications on this device
      </label>
      <p id="device-notifications-state" role="status" className="text-sm text-zinc-700">
        {change.isPending ? (change.variables ? "Turning on…" : "Turning off…") : WORDS[state]}
      </p>
      {change.isError && (
        <p role="alert" className="text-sm text-red-700">
          Not changed: {change.error.message}
        </p>
      )}
    </section>
  );
}
