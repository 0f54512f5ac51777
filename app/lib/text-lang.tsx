import { Fragment, isValidElement, type ReactNode } from "react";
import {
  intlFor,
  messagesOf,
  translator,
  useLocale,
  type Locale,
  type MessageKey,
  type MessageValues,
} from "./i18n";

// Texts people typed (a sermon's title, an event's description, a document's name) are in one
// language, English unless a translation was given. On a page in another language such a text
// carries its own lang, so screen readers and browsers read it in the right voice (issue 39).

/** The lang attribute of a text in `textLocale` on a page in `pageLocale`: only when they differ. */
export function textLang(pageLocale: Locale, textLocale: Locale = "en"): Locale | undefined {
  return pageLocale === textLocale ? undefined : textLocale;
}

/** `textLang` for the page being drawn. */
export function useTextLang(textLocale: Locale = "en"): Locale | undefined {
  return textLang(useLocale(), textLocale);
}

/** A text in a span of its own language when it differs from the page's; the text alone otherwise. */
export function inLang(text: string, lang: string | undefined): ReactNode {
  return lang ? <span lang={lang}>{text}</span> : text;
}

export type RichValues = Record<string, ReactNode>;

/**
 * A message whose values may be elements (a name from `inLang`): plain text when every value is
 * text, so an English page renders exactly the words and markup it did before.
 */
export function richMessage(locale: Locale, key: MessageKey, values: RichValues): ReactNode {
  if (!Object.values(values).some(isValidElement)) return translator(locale)(key, values as MessageValues);
  const parts = intlFor(locale).formatMessage(
    { id: key, defaultMessage: messagesOf("en")[key] },
    values as Record<string, string>,
  ) as ReactNode;
  return Array.isArray(parts) ? parts.map((part, index) => <Fragment key={index}>{part}</Fragment>) : parts;
}

/** `richMessage` in the page's language. */
export function useRichT(): (key: MessageKey, values: RichValues) => ReactNode {
  const locale = useLocale();
  return (key, values) => richMessage(locale, key, values);
}
