import { lazy, Suspense, useState } from "react";
import { useCurrentToast } from "~/lib/toast";

// Most visits never show a toast, so the toast UI (and its Radix code) is fetched only when the
// first one is raised; after that it stays mounted for the rest of the visit.
const Toaster = lazy(() => import("./toaster").then((module) => ({ default: module.Toaster })));

export function LazyToaster() {
  const toast = useCurrentToast();
  const [needed, setNeeded] = useState(false);
  // Remembered during render (React's pattern for state derived from a change), so the toast UI
  // stays mounted and can animate the toast out after it is dismissed.
  if (toast && !needed) setNeeded(true);
  if (!needed && !toast) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
