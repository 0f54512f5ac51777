import type { ReactNode } from "react";
import { FormField, TextareaField } from "./form-field";

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

/** What a content form's field binder gives a field: its id, name, starting value and message. */
interface BoundField {
  id: string;
  name: string;
  defaultValue: string | number;
  error?: string;
}

/** An event's or a sermon's title with its Filipino beside it. */
export function TitleBesideFilipino({
  english,
  filipino,
  label,
}: {
  english: BoundField;
  filipino: BoundField;
  label: string;
}) {
  return (
    <BesideFilipino>
      <FormField {...english} label={label} required maxLength={200} />
      <FormField
        {...filipino}
        label="Pamagat (Filipino)"
        lang="fil"
        maxLength={200}
        hint={filipinoHint("title")}
      />
    </BesideFilipino>
  );
}

/** An event's or a sermon's description with its Filipino beside it. */
export function DescriptionBesideFilipino({
  english,
  filipino,
}: {
  english: BoundField;
  filipino: BoundField;
}) {
  return (
    <BesideFilipino>
      <TextareaField {...english} label="Description" maxLength={5000} />
      <TextareaField
        {...filipino}
        label="Paglalarawan (Filipino)"
        lang="fil"
        maxLength={5000}
        hint={filipinoHint("description")}
      />
    </BesideFilipino>
  );
}
