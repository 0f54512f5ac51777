import { Download } from "lucide-react";
import { showToast } from "~/lib/toast";
import { buttonVariants } from "./ui/button";

/** Downloads a CSV, or says 'No data to export' when the list is empty. */
export function ExportButton({
  href,
  count,
  label = "Export CSV",
}: {
  href: string;
  count: number;
  label?: string;
}) {
  if (count === 0) {
    return (
      <button
        type="button"
        className={buttonVariants({ variant: "outline", size: "sm" })}
        onClick={() => showToast({ title: "No data to export", variant: "destructive" })}
      >
        <Download aria-hidden="true" />
        {label}
      </button>
    );
  }
  return (
    <a href={href} download className={buttonVariants({ variant: "outline", size: "sm" })}>
      <Download aria-hidden="true" />
      {label}
    </a>
  );
}
