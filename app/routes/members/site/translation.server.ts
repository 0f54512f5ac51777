import type { SiteSectionDefinition } from "~/schemas/site-fields";
import { sectionErrors } from "~/schemas/site-fields";
import {
  formTexts,
  translationFields,
  translationFromForm,
  translationKey,
  translationSchema,
} from "~/schemas/site-translation";
import type { StaffUser } from "~/server/auth/guards.server";
import { refuse, refusalFor, reply } from "~/server/http/action-result.server";
import { getRevisionData, saveSection } from "~/server/site/site-sections.server";
import { translationScreen } from "~/server/site/site-translations.server";

// The Filipino side of a section's editor (`?lang=fil`): its loader data and its saves, a plain
// form post (no script needed), kept apart from the English's JSON saves.

interface Section {
  id: string;
  key: string;
  title: string;
  description: string;
  pages: string[];
  definition: SiteSectionDefinition;
}

export async function translationLoaderData(section: Section) {
  const screen = await translationScreen(section.key, section.definition);
  const fields = translationFields(section.definition.fields);
  return {
    lang: "fil" as const,
    id: section.id,
    sectionKey: section.key,
    title: section.title,
    description: section.description,
    pages: section.pages,
    ...screen,
    revisions: screen.revisions.map((revision) => ({
      ...revision,
      savedAt: revision.savedAt.toISOString(),
      changed: fields.filter((field) => revision.changed.includes(field.name)).map((field) => field.label),
    })),
  };
}

/** A save or a restore of the Filipino version; what was typed comes back with a refusal. */
export async function translationAction(section: Section, form: FormData, user: StaffUser) {
  const intent = form.get("intent");
  const openedVersion = Number(form.get("version"));
  const title = intent === "restore" ? "Restore failed" : "Save failed";
  const values = intent === "save" ? formTexts(form) : undefined;
  if (!Number.isInteger(openedVersion) || openedVersion < 0) {
    return refuse(400, { title, description: "The page is out of date. Please open it again." });
  }
  const key = translationKey(section.key);
  try {
    let data: unknown;
    let note: string | null = null;
    if (intent === "restore") {
      const revision = Number(form.get("revision"));
      if (!Number.isInteger(revision)) return refuse(400, { title, description: "Please choose a version." });
      data = await getRevisionData(key, revision);
      note = `Restored version ${revision}`;
    } else if (intent === "save") {
      data = translationFromForm(section.definition, form);
    } else {
      return refuse(400, { title, description: "Unknown request." });
    }
    const parsed = translationSchema(section.definition).safeParse(data);
    if (!parsed.success) {
      const fieldErrors = sectionErrors(parsed.error.issues);
      return refuse(
        400,
        { title, description: Object.values(fieldErrors)[0] ?? "Please check the form." },
        { fieldErrors, values },
      );
    }
    const version = await saveSection(key, parsed.data, openedVersion, user, note);
    return reply({
      title: note ? "Version restored" : "Saved",
      description: `${section.title} in Filipino is now version ${version} and shows on the Filipino pages.`,
    });
  } catch (error) {
    return refusalFor(error, {
      title,
      what: `Saving ${key}`,
      fallback: "Nothing was saved. Please try again.",
      values,
    });
  }
}
