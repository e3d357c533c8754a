"use client";

import { useMutation } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { PushKeyView } from "@/lib/api-types";
import { apiFetch, type ApiError } from "./api-fetch";

// Notifications on this device: the browser's permission, the service worker (public/sw.js) and
// its push subscription, handed to the app (POST /api/push/subscriptions) or taken back.

export type DeviceNotifications =
  | "checking"
  | "on"
  | "off"
  /** The person (or the browser's settings) refused notifications to this site. */
  | "blocked"
  /** An iPhone or iPad: only a web app added to the home screen may get notifications. */
  | "home-screen"
  | "unsupported";

const SCOPE = "/";

function supported(): boolean {
  return "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

// iPadOS says it is a Mac; its touch screen tells them apart.
const appleMobile = () =>
  /iPhone|iPad|iPod/.test(navigator.userAgent) ||
  (navigator.userAgent.includes("Macintosh") && navigator.maxTouchPoints > 1);

async function currentState(): Promise<DeviceNotifications> {
  if (!supported()) return appleMobile() ? "home-screen" : "unsupported";
  if (Notification.permission === "denied") return "blocked";
  const registration = await navigator.serviceWorker.getRegistration(SCOPE);
  const subscription = await registration?.pushManager.getSubscription();
  return subscription && Notification.permission === "granted" ? "on" : "off";
}

const keyBytes = (base64url: string) => {
  const text = atob(base64url.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
};

const sameKey = (a: ArrayBuffer | null, b: Uint8Array) =>
  a !== null && a.byteLength === b.byteLength && new Uint8Array(a).every((byte, i) => byte === b[i]);

async function turnOn(): Promise<DeviceNotifications> {
  const permission = await Notification.requestPermission();
  if (permission === "denied") return "blocked";
  if (permission !== "granted") {
    throw new Error("Notifications stay off: the browser's question was closed without an answer.");
  }
  const registration = await navigator.serviceWorker.register("/sw.js", { scope: SCOPE });
  await navigator.serviceWorker.ready;
  const { public_key } = await apiFetch<PushKeyView>("/api/push/key");
  const key = keyBytes(public_key);
  let subscription = await registration.pushManager.getSubscription();
  // A subscription made with another key (the installation's key pair was changed) cannot be used.
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager
    .subscribe({ userVisibleOnly: true, applicationServerKey: key })
    .catch((error: unknown) => {
      throw new Error(
        `This browser could not reach its notification service${error instanceof Error ? ` (${error.message})` : ""}.`,
      );
    });
  await apiFetch("/api/push/subscriptions", { method: "POST", json: subscription.toJSON() });
  return "on";
}

async function turnOff(): Promise<DeviceNotifications> {
  const registration = await navigator.serviceWorker.getRegistration(SCOPE);
  const subscription = await registration?.pushManager.getSubscription();
  if (subscription) {
    // The app forgets the device first: were the browser's unsubscribe to fail, nothing is sent anyway.
    await apiFetch("/api/push/subscriptions", { method: "DELETE", json: { endpoint: subscription.endpoint } });
    await subscription.unsubscribe();
  }
  return "off";
}

/**
 * On sign-out: this device stops getting the person's notifications. Never in the way of signing
 * out: a browser without push, or a failed call, leaves it as it was (the server drops a device the
 * push service calls gone, and a device belongs to whoever turned it on last).
 */
export async function forgetThisDevice(): Promise<void> {
  if (!supported()) return;
  await turnOff().catch(() => undefined);
}

export function useDeviceNotifications() {
  const [state, setState] = useState<DeviceNotifications>("checking");
  useEffect(() => {
    let live = true;
    currentState()
      .catch((): DeviceNotifications => "unsupported")
      .then((found) => {
        if (live) setState(found);
      });
    return () => {
      live = false;
    };
  }, []);
  const change = useMutation<DeviceNotifications, ApiError | Error, boolean>({
    mutationFn: (on) => (on ? turnOn() : turnOff()),
    onSuccess: setState,
  });
  return { state, change };
}
