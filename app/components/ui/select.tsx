import type { ComponentProps } from "react";
import { cn } from "~/lib/utils";

/** A native select: works by keyboard, touch and without JavaScript, styled like our inputs. */
export function NativeSelect({ className, ...props }: ComponentProps<"select">) {
  return (
    <select
      className={cn(
        "flex h-11 w-full rounded-md border border-input bg-background px-3 py-2 text-base focus-visible:border-ring disabled:opacity-60 aria-invalid:border-destructive sm:text-sm",
        className,
      )}
      {...props}
    />
  );
}
