import type { ReactNode } from "react";
import { Button } from "./ui/button";

/** A form's submit button on a row of its own, that says "Saving..." while the form is sent. */
export function SaveButton({ busy, children = "Save" }: { busy: boolean; children?: ReactNode }) {
  return (
    <div>
      <Button type="submit" disabled={busy}>
        {busy ? "Saving..." : children}
      </Button>
    </div>
  );
}
