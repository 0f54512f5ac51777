// Which picture an event shows. The spec: the event titled 'IronMen Basketball Fellowship'
// without an image of its own gets a fixed default image; other events without one get ours.

export const IRONMEN_EVENT_TITLE = "IronMen Basketball Fellowship";
export const IRONMEN_DEFAULT_IMAGE = "/images/ironmen-basketball.svg";
export const DEFAULT_EVENT_IMAGE = "/images/event-default.svg";

export function eventImageSrc(event: { title: string; imageUrl: string | null }): string {
  if (event.imageUrl && event.imageUrl.trim() !== "") return event.imageUrl;
  // Staff type titles by hand: stray spaces or capitals should not lose the picture.
  const isIronMen =
    event.title.trim().replace(/\s+/g, " ").toLowerCase() === IRONMEN_EVENT_TITLE.toLowerCase();
  return isIronMen ? IRONMEN_DEFAULT_IMAGE : DEFAULT_EVENT_IMAGE;
}
