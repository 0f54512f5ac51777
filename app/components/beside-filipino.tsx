import type { ReactNode } from "react";

// An English text of the church's own content with its Filipino beside it (issue 39): two
// columns where the form is wide enough, one above the other on a phone. The Filipino field is
// labelled in Filipino ("Pamagat", "Paglalarawan") with an English hint, so the two fields of a
// pair never share a name.

export function BesideFilipino({ children }: { children: [ReactNode, ReactNode] }) {
  return (
    <div className="@container">
      <div className="grid gap-5 @lg:grid-cols-2">{children}</div>
    </div>
  );
}

/** The hint under a Filipino field: what it is for, and that English shows without it. */
export function filipinoHint(what: "title" | "description") {
  return `The ${what} on the Filipino pages (/fil). Leave empty to show the English.`;
}
