import type { ReactNode } from "react";
import { PageDialog } from "./page-dialog";

const VIEWER_ID = "image-viewer";

/**
 * A link that shows an image in the page's viewer (closes on X, a click on the backdrop and
 * Escape, then gives focus back to the link), through the page's dialog script (ADR 013). Without
 * scripts, and for a ctrl- or middle-click, it simply opens the image in a new tab.
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
  return (
    <a
      href={src}
      target="_blank"
      rel="noopener"
      aria-haspopup="dialog"
      data-dialog-open={VIEWER_ID}
      data-viewer-src={src}
      data-viewer-title={title}
      className={className}
    >
      {children}
    </a>
  );
}

/** The one viewer of a page with image links: the link that opens it fills in its picture. */
export function ImageViewer() {
  return (
    <PageDialog id={VIEWER_ID} title="" testId="image-viewer" className="max-w-4xl">
      <img alt="" className="max-h-[70dvh] w-full rounded-lg bg-muted object-contain" />
    </PageDialog>
  );
}
