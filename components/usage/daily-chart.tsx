"use client";

import { useEffect, useRef } from "react";
import type { DayCount } from "@/lib/usage/dimensions";
import { DayTable } from "./day-table";

// The 90 days as a chart drawn by uPlot (≈ 50 KB minified, 22 KB gzipped: a canvas time-series chart
// with no dependencies, fast with thousands of points, kept up to date). It and its stylesheet load
// only when the chart comes near the screen (at once on a laptop; on a phone, as one scrolls to it),
// so they hold back neither the page's first paint nor its first input, and nothing else of the
// app carries them. The box keeps the chart's height from the start, so drawing it moves nothing.
// The canvas is hidden from screen readers: the caption says what it shows and the table beneath
// (given the same days, so the page carries them once) holds every number.

const HEIGHT = 220;
const COLOURS = { shots: "#4f46e5", trainings: "#d97706" };

/** Calls `start` once, when `el` comes near the view; the returned function calls it off. */
function whenNear(el: HTMLElement, start: () => void): () => void {
  const seen = new IntersectionObserver(
    (entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      seen.disconnect();
      start();
    },
    { rootMargin: "300px 0px" },
  );
  seen.observe(el);
  return () => seen.disconnect();
}

export function DailyChart({ days, caption }: { days: DayCount[]; caption: string }) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let plot: { destroy(): void; setSize(size: { width: number; height: number }): void } | null = null;
    let gone = false;
    const resized = new ResizeObserver(() => plot?.setSize({ width: el.clientWidth, height: HEIGHT }));
    const stop = whenNear(el, () => {
      void import("./draw-chart").then(({ drawChart }) => {
        // Drawn in a task of its own, not in the one that ran uPlot's code: two short tasks
        // leave room for a tap in between where one long one would not.
        window.setTimeout(() => {
          if (gone) return;
          plot = drawChart(el, days, HEIGHT, COLOURS);
          resized.observe(el);
        });
      });
    });
    return () => {
      gone = true;
      stop();
      resized.disconnect();
      plot?.destroy();
    };
  }, [days]);

  return (
    <figure className="space-y-2">
      <figcaption className="text-sm text-zinc-700">{caption}</figcaption>
      <ul aria-hidden="true" className="flex gap-4 text-xs text-zinc-700">
        <li className="flex items-center gap-1.5">
          <span className="h-0.5 w-4" style={{ background: COLOURS.shots }} />
          Shots
        </li>
        <li className="flex items-center gap-1.5">
          <span className="h-0.5 w-4" style={{ background: COLOURS.trainings }} />
          Trainings
        </li>
      </ul>
      <div
        ref={box}
        aria-hidden="true"
        data-testid="daily-chart"
        className="w-full overflow-hidden"
        style={{ height: HEIGHT }}
      />
      <DayTable days={days} />
    </figure>
  );
}
