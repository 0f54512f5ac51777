import { LoaderCircle, type LucideIcon } from "lucide-react";

/** A button's icon: a spinner while its form is sent, else its own icon (or none). */
export function BusyIcon({ busy, icon: Icon }: { busy: boolean; icon?: LucideIcon }) {
  if (busy) return <LoaderCircle className="animate-spin" aria-hidden="true" />;
  return Icon ? <Icon aria-hidden="true" /> : null;
}
