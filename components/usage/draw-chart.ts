import UPlot from "uplot";
import type { DayCount } from "@/lib/usage/dimensions";
// uPlot's stylesheet rides with this module, which the daily chart imports only when it draws:
// the page's first, render-blocking styles do not wait for it.
import "uplot/dist/uPlot.min.css";

/**
 * Draws the 90 days into `el` as a canvas time-series of `height` pixels: shots filled, trainings as
 * a line. uPlot's legend is off: the page draws its own above the box, so the box's height is
 * known before the chart arrives.
 */
export function drawChart(
  el: HTMLElement,
  days: DayCount[],
  height: number,
  colours: { shots: string; trainings: string },
): UPlot {
  const x = days.map((d) => Date.parse(`${d.day}T00:00:00Z`) / 1000);
  return new UPlot(
    {
      width: el.clientWidth,
      height,
      tzDate: (ts) => UPlot.tzDate(new Date(ts * 1000), "Etc/UTC"),
      legend: { show: false },
      cursor: { drag: { x: false, y: false } },
      scales: { y: { range: (_u, _min, max) => [0, Math.max(4, max)] } },
      axes: [{}, { size: 40 }],
      series: [
        {},
        { label: "Shots", stroke: colours.shots, fill: "rgba(79,70,229,0.12)", width: 2, points: { show: false } },
        { label: "Trainings", stroke: colours.trainings, width: 2, points: { show: false } },
      ],
    },
    [x, days.map((d) => d.shots), days.map((d) => d.trainings)],
    el,
  );
}
