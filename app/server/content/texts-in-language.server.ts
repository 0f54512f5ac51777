import type { Locale } from "~/lib/i18n";

// An event's or a sermon's title and description in a language (issue 39): the Filipino text
// where staff wrote one (`title_fil`, `description_fil`), the English where not, with the
// language each text is in, so a page marks lang="en" on English standing in on a Filipino page.

export interface TextsLanguage {
  /** The language `title` is in: "en" on an English page, and where no Filipino was written. */
  titleLang: Locale;
  /** The language `description` is in (null descriptions count as English). */
  descriptionLang: Locale;
}

interface Translatable {
  title: string;
  description: string | null;
  titleFil: string | null;
  descriptionFil: string | null;
}

const written = (text: string | null | undefined): text is string => Boolean(text?.trim());

/** The row with its title and description in `locale`, and which language each is in. */
export function textsIn<T extends Translatable>(row: T, locale: Locale): T & TextsLanguage {
  const title = locale === "fil" && written(row.titleFil);
  const description = locale === "fil" && written(row.descriptionFil);
  return {
    ...row,
    title: title ? row.titleFil! : row.title,
    description: description ? row.descriptionFil : row.description,
    titleLang: title ? "fil" : "en",
    descriptionLang: description ? "fil" : "en",
  };
}

/** A Filipino text as stored: trimmed, and null when left empty (English then stands in). */
export function filipinoText(text: string | null | undefined): string | null {
  return written(text) ? text.trim() : null;
}
