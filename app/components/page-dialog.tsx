import { X } from "lucide-react";
import type { ReactNode } from "react";
import { useT } from "~/lib/i18n";
import { cn } from "~/lib/utils";

/**
 * A modal for a page without hydration (ADR 013): a `<dialog>` the page's dialog script opens
 * from an element with `data-dialog-open={id}`. It closes on its X, a click on the backdrop and
 * Escape, keeps focus inside while open and gives it back to the opener (the browser does these).
 */
export function PageDialog({
  id,
  title,
  description,
  className,
  testId,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  const t = useT();
  const titleId = `${id}-title`;
  const descriptionId = description ? `${id}-description` : undefined;
  return (
    <dialog
      id={id}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      className="fixed inset-0 m-0 size-full max-h-none max-w-none bg-transparent p-0 backdrop:bg-transparent"
    >
      <div data-testid="dialog-backdrop" data-dialog-close className="fixed inset-0 bg-black/60" />
      <div
        data-testid={testId}
        className={cn(
          "fixed left-1/2 top-1/2 grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl border border-border bg-background p-6 shadow-xl",
          className,
        )}
      >
        <div className="grid gap-1 pr-8">
          <h2 id={titleId} data-dialog-title className="text-xl font-bold text-navy">
            {title}
          </h2>
          {description ? (
            <p id={descriptionId} className="text-sm text-muted-foreground">
              {description}
            </p>
          ) : null}
        </div>
        {children}
        <button
          type="button"
          data-dialog-close
          aria-label={t("frame.close")}
          className="absolute right-3 top-3 rounded-md p-2 text-muted-foreground hover:bg-muted hover:text-foreground"
        >
          <X className="size-5" aria-hidden="true" />
        </button>
      </div>
    </dialog>
  );
}

/**
 * The link that opens a page's form modal. Without scripts it leads to `?{param}`, where the page
 * shows the same form in place.
 */
export function PageDialogTrigger({
  param,
  className,
  children,
}: {
  param: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <a href={`?${param}#${param}`} role="button" data-dialog-open={`${param}-dialog`} className={className}>
      {children}
    </a>
  );
}

/** A form in a modal, or in place when the address asks for it (`?{param}`: no scripts, or an answer). */
export function PageFormDialog({
  param,
  inline,
  title,
  description,
  children,
}: {
  param: string;
  /** The address asks for the form (`?{param}`): show it in the page, not in a modal. */
  inline: boolean;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  if (inline) {
    return (
      <InlineForm param={param} title={title} description={description}>
        {children}
      </InlineForm>
    );
  }
  return (
    <PageDialog id={`${param}-dialog`} title={title} description={description}>
      {children}
    </PageDialog>
  );
}

/** A modal's form shown in the page instead (`?{param}`): the way without scripts, and an answer's. */
export function InlineForm({
  param,
  title,
  description,
  children,
}: {
  param: string;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <section id={param} aria-label={title} className="mx-auto max-w-lg scroll-mt-24 px-4 py-10 wrap-anywhere">
      <h2 className="text-xl font-bold text-navy">{title}</h2>
      {description ? <p className="mt-1 text-sm text-muted-foreground">{description}</p> : null}
      <div className="mt-6">{children}</div>
    </section>
  );
}
