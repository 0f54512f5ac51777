import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "~/lib/utils";

/** A page's "nothing here yet" or "could not load" message, in place of the list it stands for. */
export function StatusMessage({
  icon: Icon,
  title,
  children,
  tone = "neutral",
  testId,
}: {
  icon: LucideIcon;
  title: string;
  children?: ReactNode;
  tone?: "neutral" | "error";
  testId?: string;
}) {
  return (
    <div
      role={tone === "error" ? "alert" : undefined}
      data-testid={testId}
      className={cn(
        "mx-auto flex max-w-xl flex-col items-center rounded-xl border border-dashed p-10 text-center",
        tone === "error" ? "border-destructive/40 bg-destructive/5" : "border-border bg-muted",
      )}
    >
      <Icon
        className={cn("size-10", tone === "error" ? "text-destructive" : "text-muted-foreground")}
        aria-hidden="true"
      />
      <h2 className="mt-4 text-xl font-semibold text-navy">{title}</h2>
      {children ? <div className="mt-2 text-muted-foreground">{children}</div> : null}
    </div>
  );
}
