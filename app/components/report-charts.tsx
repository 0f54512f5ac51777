import { useEffect, useRef, useState } from "react";
import { cn } from "~/lib/utils";

export interface ChartBar {
  label: string;
  value: number;
  /** A CSS colour for this bar (the chart's colour when none is given). */
  color?: string;
}

/**
 * A bar chart whose numbers are there first: the page shows them as a table, the chart library is
 * fetched only once the page runs in a browser, and the chart then takes the table's place on
 * screen. The table stays for screen readers (visually hidden), and the canvas is an image whose
 * name says what it shows in words.
 */
export function BarChart({
  caption,
  bars,
  labelHeader,
  valueHeader,
  unit,
  horizontal = false,
  height,
  color = "var(--color-primary)",
  max,
  testId,
}: {
  /** What the chart shows, e.g. "Members by status": the image's name starts with it. */
  caption: string;
  bars: ChartBar[];
  labelHeader: string;
  valueHeader: string;
  unit: { one: string; many: string };
  horizontal?: boolean;
  /** The chart's height in pixels (it is as wide as its box). */
  height: number;
  color?: string;
  /** The value axis's end (100 for a percentage). */
  max?: number;
  testId?: string;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [isDrawn, setIsDrawn] = useState(false);
  // Redraw only when the numbers change, not when a loader answers the same numbers again.
  const key = JSON.stringify(bars);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const shown: { chart?: { destroy(): void }; isGone?: boolean } = {};
    const parsed = JSON.parse(key) as ChartBar[];
    import("./bar-chart-drawing")
      .then(({ drawBarChart }) => {
        if (shown.isGone) return;
        const resolve = (css: string) => cssColor(canvas, css);
        shown.chart = drawBarChart(canvas, {
          labels: parsed.map((bar) => bar.label),
          values: parsed.map((bar) => bar.value),
          colors: parsed.map((bar) => resolve(bar.color ?? color)),
          horizontal,
          unit,
          max,
        });
        setIsDrawn(true);
      })
      // Without the chart (offline, an old browser) the table simply stays on screen.
      .catch((error: unknown) => console.warn("The chart could not be drawn:", error));
    return () => {
      shown.isGone = true;
      shown.chart?.destroy();
    };
    // unit is a fresh object each render; its words never change for one chart.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, horizontal, color, max]);

  return (
    <figure className="min-w-0" data-testid={testId} data-drawn={isDrawn ? "true" : undefined}>
      {/* The chart fills the box; before it is drawn the table does, growing the box if it must. */}
      <div className="relative w-full" style={{ minHeight: height }}>
        <div className="absolute inset-0">
          <canvas ref={canvasRef} role="img" aria-label={chartSummary(caption, bars, unit)} />
        </div>
        <div className={cn(isDrawn && "sr-only")}>
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{caption}</caption>
            <thead className="text-xs uppercase tracking-wide text-muted-foreground">
              <tr>
                <th scope="col" className="px-2 py-1">
                  {labelHeader}
                </th>
                <th scope="col" className="px-2 py-1 text-right">
                  {valueHeader}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {bars.map((bar) => (
                <tr key={bar.label}>
                  <td className="px-2 py-0.5">{bar.label}</td>
                  <td className="px-2 py-0.5 text-right tabular-nums">{bar.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </figure>
  );
}

/** "Members by status: Active 3, Inactive 1, Left 0, Transferred 0." */
export function chartSummary(caption: string, bars: ChartBar[], unit: { one: string; many: string }) {
  if (bars.every((bar) => bar.value === 0)) return `${caption}: no ${unit.many} yet.`;
  return `${caption}: ${bars.map((bar) => `${bar.label} ${bar.value}`).join(", ")}.`;
}

/** A CSS colour as the canvas can use it: var(--x) is read from the page's styles. */
function cssColor(element: Element, css: string) {
  const variable = /^var\((--[\w-]+)\)$/.exec(css);
  if (!variable) return css;
  return getComputedStyle(element).getPropertyValue(variable[1]!).trim() || "#1e3a8a";
}
