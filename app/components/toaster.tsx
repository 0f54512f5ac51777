import { X } from "lucide-react";
import { Toast } from "radix-ui";
import { cn } from "~/lib/utils";
import { dismissToast, TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX, useCurrentToast } from "~/lib/toast";

/** Shows the current toast (one at a time) and lets people swipe or close it. */
export function Toaster() {
  const toast = useCurrentToast();
  return (
    <Toast.Provider
      duration={TOAST_DURATION_MS}
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
      swipeDirection="right"
    >
      {toast ? (
        <Toast.Root
          key={toast.id}
          data-testid="toast"
          type={toast.variant === "destructive" ? "foreground" : "background"}
          onOpenChange={(open) => {
            if (!open) dismissToast(toast.id);
          }}
          className={cn(
            "pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border p-4 pr-10 shadow-lg",
            "data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-full",
            toast.variant === "destructive"
              ? // The ring drawn inside: gold on the red toast, not gold on the white page around it.
                "on-dark border-destructive bg-destructive text-destructive-foreground focus-visible:outline-offset-[-6px]"
              : "border-border bg-background text-foreground",
          )}
        >
          <div className="grid gap-1">
            <Toast.Title className="text-sm font-semibold">{toast.title}</Toast.Title>
            {toast.description ? (
              <Toast.Description className="text-sm opacity-90">{toast.description}</Toast.Description>
            ) : null}
          </div>
          <Toast.Close
            aria-label="Close"
            className="absolute right-2 top-2 rounded-md p-1 opacity-80 hover:opacity-100"
          >
            <X className="size-4" aria-hidden="true" />
          </Toast.Close>
        </Toast.Root>
      ) : null}
      <Toast.Viewport className="fixed bottom-0 right-0 z-[100] flex max-h-screen w-full flex-col p-4 sm:max-w-[420px] print:hidden" />
    </Toast.Provider>
  );
}
