import { useEffect, useRef, type ReactNode } from "react";
import { useLocation } from "react-router";

/**
 * A <details> menu: it opens and closes by keyboard, touch and mouse without scripts. It also
 * closes on Escape and on a click outside: on a page without hydration the menus script does that
 * (`data-menu`, ADR 013), on a React page these effects, which also close it after navigating.
 */
export function Disclosure({
  summary,
  summaryLabel,
  summaryClassName,
  className,
  children,
  testId,
}: {
  summary: ReactNode;
  summaryLabel?: string;
  summaryClassName?: string;
  className?: string;
  children: ReactNode;
  testId?: string;
}) {
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();

  // Close after navigating, but not when the page first hydrates: a visitor may already have
  // opened the menu before the scripts arrived.
  const shownPath = useRef(location.pathname);
  useEffect(() => {
    if (shownPath.current === location.pathname) return;
    shownPath.current = location.pathname;
    if (ref.current) ref.current.open = false;
  }, [location.pathname]);

  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    const onPointerDown = (event: PointerEvent) => {
      if (details.open && !details.contains(event.target as Node)) details.open = false;
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape" && details.open) {
        details.open = false;
        details.querySelector("summary")?.focus();
      }
    };
    document.addEventListener("pointerdown", onPointerDown);
    details.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      details.removeEventListener("keydown", onKeyDown);
    };
  }, []);

  return (
    <details ref={ref} className={className} data-testid={testId} data-menu>
      <summary aria-label={summaryLabel} className={summaryClassName}>
        {summary}
      </summary>
      {children}
    </details>
  );
}
