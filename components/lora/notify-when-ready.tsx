"use client";

import { useState, useSyncExternalStore } from "react";
import { Button } from "@/components/ui/button";

type Permission = NotificationPermission | "unsupported";

const noSubscription = () => () => {};
const readPermission = (): Permission => ("Notification" in window ? Notification.permission : "unsupported");

/** Asks for the browser's permission to show a notification when the LoRA is ready. */
export function NotifyWhenReady() {
  const current = useSyncExternalStore(noSubscription, readPermission, () => "unsupported" as Permission);
  const [answered, setAnswered] = useState<Permission | null>(null);
  const permission = answered ?? current;

  if (permission === "unsupported") return null;
  if (permission === "granted") {
    return <p className="text-sm text-zinc-600">You will get a browser notification when the LoRA is ready.</p>;
  }
  if (permission === "denied") {
    return (
      <p className="text-sm text-zinc-600">
        Browser notifications are blocked for this site; the tab title will show “✓ LoRA ready” instead.
      </p>
    );
  }
  return (
    <Button type="button" variant="secondary" onClick={async () => setAnswered(await Notification.requestPermission())}>
      Notify me when ready
    </Button>
  );
}

/** Shows a browser notification if the person allowed them; never asks at this moment. */
export function notifyLoraReady(productName: string) {
  if (!("Notification" in window) || Notification.permission !== "granted") return;
  try {
    new Notification("LoRA ready", { body: `${productName} is ready for product shots.`, tag: "lora-ready" });
  } catch {
    // Some browsers (Android Chrome) allow notifications only from a service worker; the toast and title still tell.
  }
}
