import { useEffect, useRef, useState } from "react";
import { cn } from "~/lib/utils";

export interface LineSeries {
  label: string;
  values: (number | null)[];
  /** A CSS colour (var(--x) is read from the page's styles). */
  color: string;
  dashed?: boolean;
}

/**
 * A line chart whose numbers are there first: the page shows them in a table of its own (given by
 * the caller, always on screen), and the chart library is fetched only once the page runs in a
 * browser; the chart's box stays hidden until it is drawn, so without scripts only the table
 * shows. The canvas is an image whose name says in words what it shows.
 */
export function LineChart({
  summary,
  labels,
  series,
  height = 280,
  testId,
}: {
  /** The image's name: what the chart shows, in words. */
  summary: string;
  labels: string[];
  series: LineSeries[];
  height?: number;
  testId?: string;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [isDrawn, setIsDrawn] = useState(false);
  const key = JSON.stringify({ labels, series });

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const shown: { chart?: { destroy(): void }; isGone?: boolean } = {};
    const parsed = JSON.parse(key) as { labels: string[]; series: LineSeries[] };
    import("./line-chart-drawing")
      .then(({ drawLineChart }) => {
        if (shown.isGone) return;
        shown.chart = drawLineChart(canvas, {
          labels: parsed.labels,
          series: parsed.series.map((s) => ({ ...s, color: cssColor(canvas, s.color) })),
        });
        setIsDrawn(true);
      })
      .catch((error: unknown) => console.warn("The chart could not be drawn:", error));
    return () => {
      shown.isGone = true;
      shown.chart?.destroy();
      setIsDrawn(false);
    };
  }, [key]);

  return (
    <figure
      className={cn("relative w-full min-w-0", !isDrawn && "h-0 overflow-hidden")}
      data-testid={testId}
      data-drawn={isDrawn ? "true" : undefined}
    >
      <div className="relative w-full" style={{ height: isDrawn ? height : 0 }}>
        <canvas ref={canvasRef} role="img" aria-label={summary} />
      </div>
    </figure>
  );
}

/** A CSS colour as the canvas can use it: var(--x) is read from the page's styles. */
function cssColor(element: Element, css: string) {
  const variable = /^var\((--[\w-]+)\)$/.exec(css);
  if (!variable) return css;
  return getComputedStyle(element).getPropertyValue(variable[1]!).trim() || "#1e3a8a";
}
