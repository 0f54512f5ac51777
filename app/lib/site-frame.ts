// The spec hides the site header and footer on these members screens (full-screen tools).
const FRAMELESS_SCREENS = [
  "forms",
  "edit",
  "profile",
  "upload",
  "add-sermon",
  "add-ministry-video",
  "update-ministry-image",
  "add-event",
  "ministry-registrations",
  "event-registrations",
];

export function isFrameHidden(pathname: string): boolean {
  const [first, second] = pathname.replace(/\/+$/, "").split("/").filter(Boolean);
  return first === "members" && second !== undefined && FRAMELESS_SCREENS.includes(second);
}
