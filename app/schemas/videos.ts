import { z } from "zod";
import { isIsoDate } from "~/lib/dates";
import { isUuid } from "~/lib/ids";
import { extractYouTubeId } from "~/lib/youtube";
import { optionalText } from "./event";

// Sermon and ministry-video forms: the spec's messages, one schema each, browser and server.

export const INVALID_YOUTUBE = {
  title: "Invalid YouTube URL",
  description: "Please enter a valid YouTube video URL.",
};
export const MINISTRY_NOT_SELECTED = {
  title: "Ministry not selected",
  description: "Please select a ministry.",
};

const youtubeUrl = z
  .string({ error: INVALID_YOUTUBE.description })
  .trim()
  .max(500, INVALID_YOUTUBE.description)
  .refine((url) => extractYouTubeId(url) !== null, INVALID_YOUTUBE.description)
  .transform((url) => extractYouTubeId(url)!);

export const ministryVideoSchema = z.object({
  title: z
    .string({ error: "Please enter a title." })
    .trim()
    .min(1, "Please enter a title.")
    .max(200, "The title must be at most 200 characters."),
  url: youtubeUrl,
  ministrySlug: z
    .string({ error: MINISTRY_NOT_SELECTED.description })
    .min(1, MINISTRY_NOT_SELECTED.description),
});

export const sermonSchema = z.object({
  sermonDate: z
    .string({ error: "Please enter the sermon date." })
    .trim()
    .min(1, "Please enter the sermon date.")
    .refine(isIsoDate, "Please enter a valid sermon date."),
  title: z
    .string({ error: "Please enter a title." })
    .trim()
    .min(1, "Please enter a title.")
    .max(200, "The title must be at most 200 characters."),
  speaker: z
    .string({ error: "Please enter the speaker." })
    .trim()
    .min(1, "Please enter the speaker.")
    .max(120, "The speaker must be at most 120 characters."),
  url: youtubeUrl,
  /** An existing series' name (any letter case) or a new one; empty for none. */
  seriesName: optionalText(120, "Series"),
  passage: optionalText(120, "Bible passage"),
  description: optionalText(5000, "Description"),
  // The Filipino texts beside the English (issue 39): empty for none, then the English shows.
  titleFil: optionalText(200, "The Filipino title"),
  descriptionFil: optionalText(5000, "The Filipino description"),
  notesDocumentId: z
    .string()
    .trim()
    .optional()
    .refine((id) => !id || isUuid(id), "Please choose the notes from the list.")
    .transform((id) => id || null),
});

/** The toast for the first problem: the spec names the YouTube and ministry ones. */
export function videoProblemToast(error: z.ZodError) {
  const issue = error.issues[0]!;
  const field = String(issue.path[0]);
  if (field === "url") return INVALID_YOUTUBE;
  if (field === "ministrySlug") return MINISTRY_NOT_SELECTED;
  return { title: "Submission Failed", description: issue.message };
}
