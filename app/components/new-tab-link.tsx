import type { ReactNode } from "react";
import { useT } from "~/lib/i18n";

/**
 * A link that opens in a new tab and tells screen readers so: "(opens Google Maps in a new tab)",
 * or "(opens in a new tab)" when `opens` is left out.
 */
export function NewTabLink({
  href,
  opens,
  className,
  trailingIcon,
  children,
}: {
  href: string;
  opens?: string;
  className?: string;
  /** An icon after the screen reader's note, such as the external-link arrow. */
  trailingIcon?: ReactNode;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
      <span className="sr-only">
        {` ${opens ? t("common.opensThingInNewTab", { thing: opens }) : t("common.opensInNewTab")}`}
      </span>
      {trailingIcon}
    </a>
  );
}
