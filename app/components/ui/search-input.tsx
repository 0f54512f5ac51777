import { Search } from "lucide-react";
import type { ComponentProps } from "react";
import { cn } from "~/lib/utils";
import { Input } from "./input";

/** A search box with the magnifier inside it, for the filter forms of the members lists. */
export function SearchInput({
  className,
  wrapperClassName,
  ...props
}: Omit<ComponentProps<"input">, "type"> & { wrapperClassName?: string }) {
  return (
    <div className={cn("relative", wrapperClassName)}>
      <Search
        className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
      <Input type="search" className={cn("pl-9", className)} {...props} />
    </div>
  );
}
