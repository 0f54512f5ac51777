import { useEffect } from "react";
import { showToast } from "~/lib/toast";

/** The screen's "Error fetching ..." toast, shown when its loader could only answer the empty state. */
export function useLoadFailedToast(loadFailed: boolean | undefined, title: string) {
  useEffect(() => {
    if (loadFailed) showToast({ title, description: "Please reload the page.", variant: "destructive" });
  }, [loadFailed, title]);
}
