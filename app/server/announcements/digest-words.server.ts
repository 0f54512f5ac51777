import { formatDateUS } from "~/lib/format";
import { localePath, translator, type Locale } from "~/lib/i18n";

// The weekly digest's words (issue 35), in English and, for the members whose language is
// Filipino, in Filipino (issue 39): its subject's week, its opening line, its headings and its
// closing links. The events' and sermons' own titles are the church's (their Filipino title when
// there is one); every word typed by someone is read by Markdown literally.

export interface DigestItem {
  title: string;
  when: string;
  url: string;
}
export interface DigestFound {
  events: (DigestItem & { place: string })[];
  sermons: (DigestItem & { speaker: string; passage: string | null })[];
  prayers: string[];
}

const filMonth = new Intl.DateTimeFormat("fil", { timeZone: "UTC", month: "long" });
const partsOf = (isoDate: string) => {
  const [year, month, day] = isoDate.split("-").map(Number) as [number, number, number];
  return { year, day, month: filMonth.format(new Date(Date.UTC(year, month - 1, day))) };
};

/**
 * "December 16 to 22, 2030", or "December 30, 2030 to January 5, 2031"; in Filipino
 * "Disyembre 16 hanggang 22, 2030".
 */
export function weekInWords(monday: string, sunday: string, locale: Locale = "en"): string {
  if (locale === "fil") {
    const [a, b] = [partsOf(monday), partsOf(sunday)];
    const range = (from: string, to: string) =>
      translator(locale)("email.announce.digest.range", { from, to });
    if (a.year !== b.year) return range(`${a.month} ${a.day}, ${a.year}`, `${b.month} ${b.day}, ${b.year}`);
    if (a.month !== b.month) return `${range(`${a.month} ${a.day}`, `${b.month} ${b.day}`)}, ${b.year}`;
    return `${range(`${a.month} ${a.day}`, String(b.day))}, ${b.year}`;
  }
  const [month1, day1, year1] = formatDateUS(monday).replace(",", "").split(" ");
  const [month2, day2, year2] = formatDateUS(sunday).replace(",", "").split(" ");
  if (year1 !== year2) return `${formatDateUS(monday)} to ${formatDateUS(sunday)}`;
  if (month1 !== month2) return `${month1} ${day1} to ${month2} ${day2}, ${year2}`;
  return `${month1} ${day1} to ${day2}, ${year2}`;
}

/** Words as Markdown reads them literally: a title's `*` or `[` is a character, not markup. */
export function literal(text: string): string {
  return text
    .replace(/[\\`*_[\]<>~&#|]/g, (c) => `\\${c}`)
    .replace(/\s+/g, " ")
    .trim();
}

/** The digest's subject in a language. */
export function digestSubject(churchName: string, week: { monday: string; sunday: string }, locale: Locale) {
  return translator(locale)("email.announce.digest.subject", {
    church: churchName,
    week: weekInWords(week.monday, week.sunday, locale),
  });
}

/** The digest's e-mail body: an opening line, the week's events, the new sermons, where to see more. */
export function digestBody(
  churchName: string,
  week: { monday: string; sunday: string },
  found: DigestFound,
  origin: string,
  locale: Locale = "en",
): string {
  const t = translator(locale);
  const parts = [
    t("email.announce.digest.intro", {
      church: literal(churchName),
      week: weekInWords(week.monday, week.sunday, locale),
    }),
  ];
  parts.push(`## ${t("email.announce.digest.events")}`);
  parts.push(
    found.events.length
      ? found.events
          .map(
            (event) =>
              `- **[${literal(event.title)}](${event.url})**\n  ${literal(`${event.when}, ${event.place}`)}`,
          )
          .join("\n")
      : t("email.announce.digest.noEvents"),
  );
  if (found.sermons.length) {
    parts.push(`## ${t("email.announce.digest.sermons")}`);
    parts.push(
      found.sermons
        .map((sermon) => {
          const about = [sermon.when, sermon.speaker, sermon.passage].filter(Boolean).join(", ");
          return `- **[${literal(sermon.title)}](${sermon.url})**\n  ${literal(about)}`;
        })
        .join("\n"),
    );
  }
  if (found.prayers.length) {
    parts.push(`## ${t("email.announce.digest.prayers")}`);
    parts.push(t("email.announce.digest.prayWith"));
    parts.push(found.prayers.map((words) => `- ${literal(words)}`).join("\n"));
  }
  parts.push(
    `${t("email.announce.digest.everyEvent", { url: `${origin}${localePath(locale, "/events")}` })}\n` +
      t("email.announce.digest.everySermon", { url: `${origin}${localePath(locale, "/media/sermons")}` }),
  );
  return parts.join("\n\n");
}
