import {
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from "chart.js";

// Chart.js with only the parts a line chart uses, registered once. Loaded by line-chart.tsx with
// a dynamic import, so only a page drawing a line chart fetches it, after its numbers are shown.
Chart.register(LineController, LineElement, PointElement, CategoryScale, LinearScale, Legend, Tooltip);

export interface LineSeriesDrawing {
  label: string;
  values: (number | null)[];
  /** A CSS colour, already resolved. */
  color: string;
  dashed?: boolean;
}

/** Draws the lines into the canvas and returns the chart, to be destroyed when the canvas goes. */
export function drawLineChart(
  canvas: HTMLCanvasElement,
  drawing: { labels: string[]; series: LineSeriesDrawing[] },
): Chart<"line"> {
  const style = getComputedStyle(document.documentElement);
  const theme = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  const text = theme("--color-muted-foreground", "#475569");
  const grid = theme("--color-border", "#e2e8f0");
  const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  Chart.defaults.font.family = getComputedStyle(document.body).fontFamily;
  const many = drawing.labels.length > 60;
  return new Chart(canvas, {
    type: "line",
    data: {
      labels: drawing.labels,
      datasets: drawing.series.map((series) => ({
        label: series.label,
        data: series.values,
        borderColor: series.color,
        backgroundColor: series.color,
        borderDash: series.dashed ? [6, 4] : undefined,
        borderWidth: 2,
        pointRadius: many ? 0 : 2,
        spanGaps: true,
        tension: 0.2,
      })),
    },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      animation: reducedMotion ? false : undefined,
      interaction: { mode: "index", intersect: false },
      scales: {
        y: {
          beginAtZero: true,
          ticks: { precision: 0, color: text },
          grid: { color: grid },
          border: { display: false },
        },
        x: {
          ticks: { color: text, maxRotation: 0, autoSkip: true, maxTicksLimit: 8 },
          grid: { display: false },
        },
      },
      plugins: { legend: { labels: { color: text, boxWidth: 14 } } },
    },
  });
}
