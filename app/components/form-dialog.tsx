import { useRef, type ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import { InlineForm } from "./page-dialog";
import { Dialog, DialogContent } from "./ui/dialog";

/**
 * A button that opens a form in a modal. Before the page's scripts load it is a link to
 * `?{param}`, where the page shows the same form in place, so it works without JavaScript.
 */
export function FormDialogTrigger({
  param,
  onOpen,
  className,
  children,
}: {
  param: string;
  onOpen: () => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Link
      to={`?${param}#${param}`}
      preventScrollReset
      role="button"
      className={className}
      onClick={(event) => {
        event.preventDefault();
        onOpen();
      }}
      // A button opens with Space as well as Enter (a link only knows Enter).
      onKeyDown={(event) => {
        if (event.key !== " ") return;
        event.preventDefault();
        onOpen();
      }}
    >
      {children}
    </Link>
  );
}

/** The modal, plus the in-page fallback shown when the URL asks for the form. */
export function FormDialog({
  param,
  open,
  onOpenChange,
  title,
  description,
  children,
}: {
  param: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  const [searchParams] = useSearchParams();
  const isInline = searchParams.has(param) && !open;
  // Our triggers are links that open the dialog by state, not Radix triggers, so Radix does not
  // know where to send focus back: remember what had focus when the dialog opened.
  const returnFocusTo = useRef<HTMLElement | null>(null);
  return (
    <>
      <Dialog open={open} onOpenChange={onOpenChange}>
        <DialogContent
          title={title}
          description={description}
          onOpenAutoFocus={() => {
            returnFocusTo.current =
              document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            const target = returnFocusTo.current;
            if (target?.isConnected) {
              event.preventDefault();
              target.focus();
            }
          }}
        >
          {children}
        </DialogContent>
      </Dialog>
      {isInline ? (
        <InlineForm param={param} title={title} description={description}>
          {children}
        </InlineForm>
      ) : null}
    </>
  );
}
