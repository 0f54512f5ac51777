import { useState } from "react";
import type { ActionResult } from "./action-result";

/**
 * Sends a form with a file and reports how much of it has gone (fetch cannot report upload
 * progress; XMLHttpRequest can). The endpoint answers JSON (see `respondToUpload`).
 */
export function useUpload() {
  const [progress, setProgress] = useState<number | null>(null);

  function send(url: string, body: FormData): Promise<ActionResult> {
    setProgress(0);
    return new Promise((resolve) => {
      const request = new XMLHttpRequest();
      request.open("POST", url);
      request.setRequestHeader("Accept", "application/json");
      request.upload.onprogress = (event) => {
        if (event.lengthComputable) setProgress(Math.round((event.loaded / event.total) * 100));
      };
      request.onload = () => {
        setProgress(null);
        try {
          resolve(JSON.parse(request.responseText) as ActionResult);
        } catch {
          resolve({
            ok: false,
            at: Date.now(),
            toast: {
              title: "Upload Failed",
              description:
                request.status === 413 ? "The file is too large." : "The server did not answer as expected.",
              variant: "destructive",
            },
          });
        }
      };
      request.onerror = () => {
        setProgress(null);
        resolve({
          ok: false,
          at: Date.now(),
          toast: {
            title: "Upload Failed",
            description: "The connection was lost. Please try again.",
            variant: "destructive",
          },
        });
      };
      request.send(body);
    });
  }

  return { send, progress, isUploading: progress !== null };
}
