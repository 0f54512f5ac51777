import type { TitledEventImage } from "~/content/events";

// Which picture an event shows: its own, else the fixed picture for its title (the spec gives one
// event such a picture), else ours.

export const DEFAULT_EVENT_IMAGE = "/images/event-default.svg";

export function eventImageSrc(
  event: { title: string; imageUrl: string | null },
  titledImages: readonly TitledEventImage[],
): string {
  if (event.imageUrl && event.imageUrl.trim() !== "") return event.imageUrl;
  // Staff type titles by hand: stray spaces or capitals should not lose the picture.
  const title = normalTitle(event.title);
  return titledImages.find((entry) => normalTitle(entry.title) === title)?.image ?? DEFAULT_EVENT_IMAGE;
}

function normalTitle(title: string): string {
  return title.trim().replace(/\s+/g, " ").toLowerCase();
}
