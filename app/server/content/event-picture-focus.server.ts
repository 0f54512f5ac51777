import { buffer } from "node:stream/consumers";
import type { EventRow } from "../../../database/schema";
import { choiceOfFocus, focusOfChoice, type FocalPoint, type FocusChoice } from "~/lib/image-focus";
import { focusOfPicture } from "../platform/images.server";
import { services } from "../platform/services.server";

// An event picture's focal point (issue 33): found in the picture at upload, or a position staff
// choose; kept in the row's image_focus_x/y and used as the picture's object-position.

export interface StoredImage {
  url: string;
  objectName: string;
  /** The focal point found in the picture at upload. */
  focus?: FocalPoint;
}

/** The focal point columns of a row. */
export function focusColumns(focus: FocalPoint | null) {
  return { imageFocusX: focus?.x ?? null, imageFocusY: focus?.y ?? null };
}

/**
 * The focal point an edit saves: the position chosen, else the one found in a new picture, else
 * the one found in the picture kept. A point found before is kept; after a chosen position (or in
 * a picture from before focal points) the kept picture is looked at again.
 */
export async function focusForEdit(
  choice: FocusChoice | "auto",
  image: StoredImage | null,
  old: Pick<EventRow, "imageObjectPath" | "imageFocusX" | "imageFocusY">,
): Promise<FocalPoint | null> {
  const chosen = focusOfChoice(choice);
  if (chosen) return chosen;
  if (image) return image.focus ?? null;
  if (!old.imageObjectPath) return null;
  if (
    old.imageFocusX !== null &&
    old.imageFocusY !== null &&
    choiceOfFocus(old.imageFocusX, old.imageFocusY) === "auto"
  )
    return { x: old.imageFocusX, y: old.imageFocusY };
  try {
    return await focusOfPicture(await buffer(services().storage.read(old.imageObjectPath)));
  } catch (error) {
    console.warn(`Could not find the focal point of ${old.imageObjectPath}:`, error);
    return null;
  }
}
