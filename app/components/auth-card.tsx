import type { ReactNode } from "react";
import { cn } from "~/lib/utils";
import { ChurchLogo } from "./church-logo";

/** The card of the sign-in screens (sign in, forgot password, choose a password): logo, title, text, form. */
export function AuthCard({
  title,
  description,
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="flex justify-center px-4 py-16 sm:py-24">
      <div className="w-full max-w-md rounded-2xl border border-border bg-background p-6 shadow-sm sm:p-8">
        <div className="flex flex-col items-center text-center">
          <ChurchLogo className="size-12" />
          <h1 className="mt-4 text-2xl font-bold tracking-tight text-balance text-navy">{title}</h1>
          {description ? <p className="mt-2 text-sm text-muted-foreground">{description}</p> : null}
        </div>
        {children}
      </div>
    </section>
  );
}

const NOTICE_TONES = {
  success: "bg-emerald-50 text-emerald-800",
  error: "bg-destructive/10 text-destructive",
  info: "bg-muted text-foreground",
} as const;

/**
 * A message on a sign-in screen. A success or info is read out politely (status), an error at
 * once (alert).
 */
export function AuthNotice({
  tone,
  id,
  className,
  children,
}: {
  tone: keyof typeof NOTICE_TONES;
  id?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      id={id}
      role={tone === "error" ? "alert" : "status"}
      className={cn("rounded-md px-3 py-2 text-sm", NOTICE_TONES[tone], className)}
    >
      {children}
    </div>
  );
}
