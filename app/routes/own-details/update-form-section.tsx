import type { ReactNode } from "react";

// The update-form page's building blocks: a titled section and a notice.

export function Section({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <section
      aria-labelledby={id}
      className="grid gap-4 rounded-xl border border-border bg-background p-4 sm:p-6"
    >
      <h2 id={id} className="text-lg font-semibold text-navy">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function Notice({ tone, children }: { tone: "ok" | "error"; children: ReactNode }) {
  return (
    <p
      role={tone === "ok" ? "status" : "alert"}
      className={
        tone === "ok"
          ? "rounded-md bg-success/10 px-3 py-2 text-sm text-success"
          : "rounded-md bg-destructive/10 px-3 py-2 text-sm text-destructive"
      }
    >
      {children}
    </p>
  );
}
