import { useEffect, useId, useRef, type ReactNode } from "react";
import { cn } from "~/lib/utils";

/** One titled card of a settings screen (own account, two-factor sign-in). */
export function Panel({
  title,
  description,
  className,
  children,
  testId,
  focusOnMount = false,
}: {
  title: string;
  /** For a step that replaces the one before: focus moves to its title, so a screen reader reads it. */
  focusOnMount?: boolean;
  description?: ReactNode;
  className?: string;
  children: ReactNode;
  testId?: string;
}) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnMount) heading.current?.focus();
  }, [focusOnMount]);
  return (
    <section
      aria-labelledby={headingId}
      data-testid={testId}
      className={cn("min-w-0 rounded-xl border border-border bg-background p-4 shadow-sm sm:p-6", className)}
    >
      <h2
        id={headingId}
        ref={heading}
        tabIndex={focusOnMount ? -1 : undefined}
        className="text-lg font-semibold text-navy focus:outline-none"
      >
        {title}
      </h2>
      {description ? <div className="mt-1 text-sm text-muted-foreground">{description}</div> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}
