import { X } from "lucide-react";
import { useT } from "~/lib/i18n";
import type { Toast } from "~/lib/toast";
import { cn } from "~/lib/utils";

/*
 * Toasts of the pages without hydration (ADR 013): the same look as the members area's toaster,
 * drawn by the server or by the page's toast script from the template below.
 */

function ToastView({ toast, fromServer }: { toast?: Omit<Toast, "id">; fromServer?: boolean }) {
  const destructive = toast?.variant === "destructive";
  const t = useT();
  return (
    <div
      data-testid="toast"
      data-variant={destructive ? "destructive" : "default"}
      data-server-toast={fromServer ? "" : undefined}
      role={destructive ? "alert" : "status"}
      className={cn(
        "pointer-events-auto relative flex w-full touch-pan-y items-start gap-3 rounded-lg border p-4 pr-10 shadow-lg transition-[translate]",
        "border-border bg-background text-foreground",
        "data-[variant=destructive]:on-dark data-[variant=destructive]:border-destructive data-[variant=destructive]:bg-destructive data-[variant=destructive]:text-destructive-foreground",
      )}
    >
      <div className="grid gap-1">
        <p data-toast-title className="text-sm font-semibold">
          {toast?.title}
        </p>
        {toast && !toast.description ? null : (
          <p data-toast-description className="text-sm opacity-90">
            {toast?.description}
          </p>
        )}
      </div>
      <button
        type="button"
        data-toast-close
        aria-label={t("frame.close")}
        className="absolute right-2 top-2 rounded-md p-1 opacity-80 hover:opacity-100"
      >
        <X className="size-4" aria-hidden="true" />
      </button>
    </div>
  );
}

/**
 * A toast the server draws into a page without hydration: a message carried across a redirect, or
 * a page whose data could not be read. The toast script (`toasts` in the page's enhancements)
 * dismisses it after 5 s. Without scripts nobody could close it, so it is hidden: such a page says
 * the same in place.
 */
export function ServerToast({ toast }: { toast: Omit<Toast, "id"> }) {
  return (
    <div className="pointer-events-none fixed bottom-0 right-0 z-[100] flex w-full flex-col p-4 sm:max-w-[420px]">
      <ToastView toast={toast} fromServer />
      <noscript>
        <style>{"[data-server-toast]{display:none}"}</style>
      </noscript>
    </div>
  );
}

/** Where the toast script shows the answers' toasts, and the template it copies. */
export function ToastRegion() {
  return (
    <>
      <div
        id="toast-region"
        className="pointer-events-none fixed bottom-0 right-0 z-[100] flex max-h-screen w-full flex-col p-4 sm:max-w-[420px]"
      />
      <template id="toast-template">
        <ToastView />
      </template>
    </>
  );
}
