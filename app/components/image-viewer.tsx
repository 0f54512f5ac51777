import { useRef, useState, type ReactNode } from "react";
import { Dialog, DialogContent } from "./ui/dialog";

/**
 * A link that shows an image in a modal viewer (closes on X, a click on the backdrop and Escape,
 * then gives focus back to the link). Before the page's scripts load, and for a ctrl- or
 * middle-click, it simply opens the image in a new tab.
 */
export function ImageViewerLink({
  src,
  title,
  className,
  children,
}: {
  src: string;
  title: string;
  className?: string;
  children: ReactNode;
}) {
  const [isOpen, setIsOpen] = useState(false);
  const linkRef = useRef<HTMLAnchorElement>(null);
  return (
    <>
      <a
        ref={linkRef}
        href={src}
        target="_blank"
        rel="noopener"
        aria-haspopup="dialog"
        className={className}
        onClick={(event) => {
          if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
          event.preventDefault();
          setIsOpen(true);
        }}
      >
        {children}
      </a>
      <Dialog open={isOpen} onOpenChange={setIsOpen}>
        <DialogContent
          title={title}
          data-testid="image-viewer"
          className="max-w-4xl"
          onCloseAutoFocus={(event) => {
            // The dialog was opened from a plain link, not a Radix trigger: return focus ourselves.
            event.preventDefault();
            linkRef.current?.focus();
          }}
        >
          <img src={src} alt={title} className="max-h-[70dvh] w-full rounded-lg bg-muted object-contain" />
        </DialogContent>
      </Dialog>
    </>
  );
}
