import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from "chart.js";

// Chart.js with only the parts a bar chart uses, registered once. Loaded by report-charts.tsx
// with a dynamic import, so the library is a chunk of its own that only a page drawing a chart
// fetches, after the page and its numbers are shown.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

export interface BarChartDrawing {
  labels: string[];
  values: number[];
  /** One colour per bar, or one for every bar (CSS colours). */
  colors: string | string[];
  /** Bars along the y axis: for long labels, such as ministry names. */
  horizontal?: boolean;
  /** What a value counts, for the tooltip ("3 members"). */
  unit: { one: string; many: string };
  /** The value axis's end, for a share out of 100; else the largest value decides it. */
  max?: number;
}

/** Long labels are cut on the axis (the tooltip and the table keep them whole). */
function shortened(label: string, max: number) {
  return label.length > max ? `${label.slice(0, max - 1).trimEnd()}…` : label;
}

/** Draws the chart into the canvas and returns it, to be destroyed when the canvas goes. */
export function drawBarChart(canvas: HTMLCanvasElement, drawing: BarChartDrawing): Chart<"bar"> {
  const style = getComputedStyle(document.documentElement);
  const theme = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  const text = theme("--color-muted-foreground", "#475569");
  const grid = theme("--color-border", "#e2e8f0");
  const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  const valueAxis = drawing.horizontal ? "x" : "y";
  const labelAxis = drawing.horizontal ? "y" : "x";
  // The box, not the canvas: Chart.js has not sized the canvas yet.
  const labelLength = (canvas.parentElement?.clientWidth ?? 0) < 400 ? 16 : 28;
  Chart.defaults.font.family = getComputedStyle(document.body).fontFamily;

  return new Chart(canvas, {
    type: "bar",
    data: {
      labels: drawing.labels,
      datasets: [
        {
          data: drawing.values,
          backgroundColor: drawing.colors,
          borderRadius: 4,
          maxBarThickness: 40,
        },
      ],
    },
    options: {
      indexAxis: labelAxis,
      responsive: true,
      maintainAspectRatio: false,
      animation: reducedMotion ? false : undefined,
      scales: {
        [valueAxis]: {
          beginAtZero: true,
          max: drawing.max,
          ticks: { precision: 0, color: text },
          grid: { color: grid },
          border: { display: false },
        },
        [labelAxis]: {
          ticks: {
            color: text,
            autoSkip: false,
            callback(value) {
              return shortened(this.getLabelForValue(Number(value)), labelLength);
            },
          },
          grid: { display: false },
        },
      },
      plugins: {
        // A bar chart has one series, named by its caption: no legend, even on a page whose line
        // chart has registered the legend plugin (registration is global).
        legend: { display: false },
        tooltip: {
          callbacks: {
            label: (item) => {
              const n = Number(item.raw);
              return `${n} ${n === 1 ? drawing.unit.one : drawing.unit.many}`;
            },
          },
        },
      },
    },
  });
}
