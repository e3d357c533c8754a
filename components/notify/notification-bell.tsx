"use client";

import Link from "next/link";
import { useCallback, useId, useRef, useState } from "react";
import { usePressOutside } from "@/hooks/use-press-outside";
import { formatDateTime } from "@/lib/format";
import { useMarkNotificationsRead, useNotifications } from "@/hooks/use-notifications";

/**
 * The bell: the person's recent notifications (training finished, shots ready, the daily review),
 * the same events as the emails, kept by the server so a closed tab misses nothing.
 */
export function NotificationBell() {
  const { data } = useNotifications();
  const markRead = useMarkNotificationsRead();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const unread = data?.unread ?? 0;

  const close = useCallback(() => setOpen(false), []);
  usePressOutside(root, open, close);

  return (
    <div ref={root} className="relative" onKeyDown={(e) => e.key === "Escape" && setOpen(false)}>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={unread ? `Notifications, ${unread} unread` : "Notifications"}
        onClick={() => setOpen((v) => !v)}
        className="relative inline-flex h-11 w-11 items-center justify-center rounded-md text-zinc-700 hover:bg-zinc-100"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-5 w-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
        >
          <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
          <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
        </svg>
        {unread > 0 && (
          <span
            aria-hidden="true"
            className="absolute top-1 right-1 min-w-4 rounded-full bg-red-600 px-1 text-[11px] leading-4 font-semibold text-white"
          >
            {unread > 99 ? "99+" : unread}
          </span>
        )}
      </button>
      {open && (
        // On a phone the bell is not at the screen's edge (Menu is beside it), so a panel hung from
        // it ran off the left side: there it spans the screen under the bar instead.
        <div
          id={panelId}
          className="fixed inset-x-2 top-16 z-30 max-h-[calc(100dvh-5rem)] overflow-y-auto rounded-lg border border-zinc-200 bg-white shadow-lg sm:absolute sm:inset-x-auto sm:top-auto sm:right-0 sm:mt-2 sm:max-h-none sm:w-80 sm:overflow-visible"
        >
          <div className="flex items-center justify-between border-b border-zinc-200 px-3 py-2">
            <h2 className="text-sm font-semibold">Notifications</h2>
            {unread > 0 && (
              <button
                type="button"
                onClick={() => markRead.mutate(undefined)}
                className="rounded px-2 py-1 text-sm text-brand-700 hover:bg-zinc-100"
              >
                Mark all read
              </button>
            )}
          </div>
          {data && data.items.length === 0 ? (
            <p className="px-3 py-4 text-sm text-zinc-600">
              Nothing yet. You will be told here when a training finishes or shots are ready.
            </p>
          ) : (
            <ul className="max-h-96 overflow-y-auto">
              {data?.items.map((n) => (
                <li key={n.id} className="border-b border-zinc-100 last:border-0">
                  <Link
                    prefetch={false}
                    href={n.link}
                    onClick={() => {
                      setOpen(false);
                      if (!n.read) markRead.mutate([n.id]);
                    }}
                    className="block px-3 py-2 text-sm hover:bg-zinc-50"
                  >
                    <span className="flex items-center gap-2 font-medium text-zinc-900">
                      {!n.read && <span className="h-2 w-2 rounded-full bg-brand-600" aria-label="Unread" role="img" />}
                      {n.title}
                    </span>
                    <span className="block text-zinc-700">{n.body}</span>
                    <span className="block text-xs text-zinc-500">{formatDateTime(new Date(n.created_at))}</span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
          <Link
            prefetch={false}
            href="/settings"
            onClick={() => setOpen(false)}
            className="block border-t border-zinc-200 px-3 py-2 text-sm text-brand-700 hover:bg-zinc-50"
          >
            Email settings
          </Link>
        </div>
      )}
    </div>
  );
}
