import { Check, Copy } from "lucide-react";
import { useEffect, useState, useSyncExternalStore } from "react";
import { useRouteLoaderData } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import type { ActionResult } from "~/lib/action-result";
import { showToast, type Toast } from "~/lib/toast";
import { cn } from "~/lib/utils";

// The answer to the last change shown on the page itself (screens that work without scripts show
// no toast), and a button that copies a text: shared by the rosters' and the groups' screens.

const noSubscription = () => () => {};
const isTrue = () => true;
const isFalse = () => false;

/**
 * The answer to the last change: a refusal or reply of this screen's action (as a toast with
 * scripts, and on the page), or the message a redirect carried here, which the toast shows once
 * scripts run and the page shows until then (so a browser without scripts shows it too).
 */
export function ChangeNotice({ answer, id }: { answer: ActionResult | undefined; id: string }) {
  const root = useRouteLoaderData("root") as { toast?: Toast | null } | undefined;
  // False while the server's page is hydrated (and without scripts), true once React runs.
  const isHydrated = useSyncExternalStore(noSubscription, isTrue, isFalse);
  const message = answer?.toast ?? (isHydrated ? null : root?.toast) ?? null;
  const failed = answer ? !answer.ok : message?.variant === "destructive";
  useEffect(() => {
    if (answer) showToast({ ...answer.toast, id: `${id}-${answer.at}` });
  }, [answer, id]);
  if (!message) return null;
  return (
    <div
      role={failed ? "alert" : "status"}
      data-testid="change-notice"
      className={cn(
        "mb-6 rounded-lg border p-3 text-sm",
        failed ? "border-destructive/40 bg-destructive/5 text-destructive" : "border-success/30 bg-success/5",
      )}
    >
      <p className="font-semibold">{message.title}</p>
      {message.description ? <p className="mt-0.5">{message.description}</p> : null}
    </div>
  );
}

/** Copies a text; says where to select it by hand when the browser will not. */
export function CopyTextButton({ text, label = "Copy text" }: { text: string; label?: string }) {
  const [copied, setCopied] = useState<"no" | "yes" | "failed">("no");
  return (
    <button
      type="button"
      className={buttonVariants({ variant: "outline", size: "sm" })}
      onClick={() => {
        if (!navigator.clipboard) return setCopied("failed");
        navigator.clipboard.writeText(text).then(
          () => setCopied("yes"),
          () => setCopied("failed"),
        );
      }}
    >
      {copied === "yes" ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
      {copied === "yes" ? "Copied" : copied === "failed" ? "Select the text to copy it" : label}
    </button>
  );
}
