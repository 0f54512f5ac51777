import { cn } from "~/lib/utils";

/** A simple generated mark (a cross in a rounded square) standing in for the church's logo. */
export function ChurchLogo({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 40 40" aria-hidden="true" className={cn("size-9 shrink-0", className)}>
      <rect width="40" height="40" rx="10" fill="#1e3a8a" />
      <path d="M17.5 8h5v8.5H31v5h-8.5V32h-5V21.5H9v-5h8.5z" fill="#f5b83d" />
    </svg>
  );
}
