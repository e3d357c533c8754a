"use client";

import { useEffect, useRef } from "react";
import type { DayCount } from "@/lib/usage/dimensions";
import "uplot/dist/uPlot.min.css";

// The 90 days as a chart drawn by uPlot (≈ 50 KB minified, 22 KB gzipped: a canvas time-series chart with no
// dependencies, fast with thousands of points, kept up to date), loaded only by the usage page and
// only once the page is shown, so nothing else of the app carries it. The canvas is hidden from
// screen readers: the caption says what it shows and the table beneath holds every number.

const HEIGHT = 220;
const COLOURS = { shots: "#4f46e5", trainings: "#d97706" };

export function DailyChart({ days, caption }: { days: DayCount[]; caption: string }) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let plot: { destroy(): void; setSize(size: { width: number; height: number }): void } | null = null;
    let gone = false;
    const x = days.map((d) => Date.parse(`${d.day}T00:00:00Z`) / 1000);
    const observer = new ResizeObserver(() => plot?.setSize({ width: el.clientWidth, height: HEIGHT }));
    void import("uplot").then(({ default: UPlot }) => {
      if (gone) return;
      plot = new UPlot(
        {
          width: el.clientWidth,
          height: HEIGHT,
          tzDate: (ts) => UPlot.tzDate(new Date(ts * 1000), "Etc/UTC"),
          legend: { live: false },
          cursor: { drag: { x: false, y: false } },
          scales: { y: { range: (_u, _min, max) => [0, Math.max(4, max)] } },
          axes: [{}, { size: 40 }],
          series: [
            {},
            { label: "Shots", stroke: COLOURS.shots, fill: "rgba(79,70,229,0.12)", width: 2, points: { show: false } },
            { label: "Trainings", stroke: COLOURS.trainings, width: 2, points: { show: false } },
          ],
        },
        [x, days.map((d) => d.shots), days.map((d) => d.trainings)],
        el,
      );
      observer.observe(el);
    });
    return () => {
      gone = true;
      observer.disconnect();
      plot?.destroy();
    };
  }, [days]);

  return (
    <figure className="space-y-2">
      <figcaption className="text-sm text-zinc-700">{caption}</figcaption>
      <div ref={box} aria-hidden="true" data-testid="daily-chart" className="min-h-[220px] w-full overflow-hidden" />
    </figure>
  );
}
