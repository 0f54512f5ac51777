import type { ReactNode } from "react";
import { ArrowRight } from "lucide-react";
import { Link } from "react-router";

/** A link drawn as a button that leads on: its text, then an arrow. */
export function ArrowLink({
  to,
  className,
  children,
}: {
  to: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <Link to={to} className={className}>
      {children}
      <ArrowRight aria-hidden="true" />
    </Link>
  );
}
