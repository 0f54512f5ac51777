import { useEffect, useRef, useState, type ReactNode } from "react";
import { cn } from "~/lib/utils";

/**
 * The sideways-scrolling box around a wide table. While the table is wider than the box (on a
 * phone) the box takes keyboard focus, so the arrow keys can scroll it; otherwise it stays out of
 * the tab order.
 */
export function TableScroller({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  // Focusable until measured: the server cannot know the width, and a keyboard must never be stuck.
  const [isScrollable, setIsScrollable] = useState(true);

  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const measure = () => setIsScrollable(box.scrollWidth > box.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    return () => observer.disconnect();
  }, []);

  return (
    <div
      ref={ref}
      role="group"
      aria-label={label}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling box must take focus to be scrolled by keyboard (WCAG 2.1.1)
      tabIndex={isScrollable ? 0 : undefined}
      className={cn("overflow-x-auto", className)}
    >
      {children}
    </div>
  );
}
