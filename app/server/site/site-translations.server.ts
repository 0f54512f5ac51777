import { sectionDefinition } from "~/schemas/site-sections";
import type { SiteSectionDefinition } from "~/schemas/site-fields";
import {
  alignTranslation,
  isTranslated,
  translationKey,
  translationProgress,
} from "~/schemas/site-translation";
import { getSiteContent } from "./site-content.server";
import { defaultSections } from "./site-defaults.server";
import { getSection, listRevisions, listSectionSummaries, readAllSections } from "./site-sections.server";

// The Filipino versions of the website's sections as the members area sees them: how far each is
// translated (the Website screen, the set-up checklist) and one section's translation screen.

type Value = Record<string, unknown>;

export interface TranslationStatus {
  /** Its Filipino version holds any text (a section with none shows in English on /fil pages). */
  translated: boolean;
  /** The English texts with a translation, of those the section has. */
  done: number;
  total: number;
  /** The Filipino version's number (0 before its first save). */
  version: number;
  /** The English was saved after the translation: it may need the same change. */
  englishNewer: boolean;
}

/** Every section's translation, by its English key (`our-story`, `ministry:acts-kids`). */
export async function translationStatuses(): Promise<Map<string, TranslationStatus>> {
  const [stored, summaries] = await Promise.all([readAllSections(), listSectionSummaries()]);
  const defaults = defaultSections();
  const statuses = new Map<string, TranslationStatus>();
  for (const key of Object.keys(defaults)) {
    const definition = sectionDefinition(key);
    if (!definition) continue;
    const english = (stored.get(key) ?? defaults[key]) as Value;
    const filipino = stored.get(translationKey(key)) as Value | undefined;
    const ours = summaries.get(key);
    const theirs = summaries.get(translationKey(key));
    statuses.set(key, {
      translated: isTranslated(definition.fields, filipino),
      ...translationProgress(definition.fields, english, filipino),
      version: theirs?.version ?? 0,
      englishNewer: Boolean(ours && theirs && ours.updatedAt.getTime() > theirs.updatedAt.getTime()),
    });
  }
  return statuses;
}

/**
 * "9 of 26": how many sections have a Filipino version, of those with words to translate. From
 * the Filipino content the pages read (kept per process until the next save), so no query.
 */
export async function translationCount(): Promise<{ translated: number; total: number }> {
  const total = Object.keys(defaultSections()).filter((key) => sectionDefinition(key)).length;
  const { englishOnly } = await getSiteContent("fil");
  return { translated: total - englishOnly.length, total };
}

/**
 * One section's translation screen: the English as it is now beside the Filipino version, entry
 * for entry, with the Filipino version's number and history.
 */
export async function translationScreen(key: string, definition: SiteSectionDefinition) {
  const [english, filipino, revisions] = await Promise.all([
    getSection(key),
    getSection(translationKey(key)),
    listRevisions(translationKey(key)),
  ]);
  const englishData = (english?.data ?? {}) as Value;
  const filipinoData = filipino?.version ? (filipino.data as Value) : undefined;
  return {
    english: englishData,
    filipino: alignTranslation(definition.fields, englishData, filipinoData),
    version: filipino?.version ?? 0,
    updatedBy: filipino?.version ? filipino.updatedBy : null,
    updatedAt: filipino?.version ? filipino.updatedAt.toISOString() : null,
    englishNewer: Boolean(
      english && filipino?.version && english.updatedAt.getTime() > filipino.updatedAt.getTime(),
    ),
    translated: isTranslated(definition.fields, filipinoData),
    progress: translationProgress(definition.fields, englishData, filipinoData),
    revisions,
  };
}
