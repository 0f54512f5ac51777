// A picture's focal point: the spot every place that crops the picture to its own shape keeps in
// view (a portrait in a wide event card keeps the faces, not the middle of the shirts). Found at
// upload by sharp's attention strategy, or chosen by staff from nine positions.

/** Percent of the picture's width (x) and height (y), from its top left corner; 0 to 100. */
export interface FocalPoint {
  x: number;
  y: number;
}

export const CENTRE: FocalPoint = { x: 50, y: 50 };

/** The nine positions staff can choose, in reading order (a 3x3 grid), by their form value. */
export const FOCUS_CHOICES = [
  { value: "top-left", label: "Top left", x: 0, y: 0 },
  { value: "top", label: "Top", x: 50, y: 0 },
  { value: "top-right", label: "Top right", x: 100, y: 0 },
  { value: "left", label: "Left", x: 0, y: 50 },
  { value: "centre", label: "Centre", x: 50, y: 50 },
  { value: "right", label: "Right", x: 100, y: 50 },
  { value: "bottom-left", label: "Bottom left", x: 0, y: 100 },
  { value: "bottom", label: "Bottom", x: 50, y: 100 },
  { value: "bottom-right", label: "Bottom right", x: 100, y: 100 },
] as const;

export type FocusChoice = (typeof FOCUS_CHOICES)[number]["value"];

/** The form's choices: "auto" (the point found in the picture) or one of the nine positions. */
export const FOCUS_VALUES = ["auto", ...FOCUS_CHOICES.map((choice) => choice.value)] as [
  "auto",
  ...FocusChoice[],
];

/** The point of a chosen position; null for "auto". */
export function focusOfChoice(choice: FocusChoice | "auto"): FocalPoint | null {
  const found = FOCUS_CHOICES.find((item) => item.value === choice);
  return found ? { x: found.x, y: found.y } : null;
}

/** The position a stored point is, or "auto" when it is a point found in the picture (or none). */
export function choiceOfFocus(
  x: number | null | undefined,
  y: number | null | undefined,
): FocusChoice | "auto" {
  return FOCUS_CHOICES.find((item) => item.x === x && item.y === y)?.value ?? "auto";
}

/**
 * CSS `object-position` for a stored point (the centre when there is none), for a picture drawn
 * with `object-fit: cover`. Given the picture's size and the frame's shape (width / height), the
 * point is put in the middle of the frame as far as the picture reaches (a face near the top of a
 * portrait shows with the top of the head); without them, the point at x% of the picture lands at
 * x% of the frame, which keeps it in view too.
 */
export function objectPosition(
  x: number | null | undefined,
  y: number | null | undefined,
  fit?: { width: number; height: number; frame: number },
): string {
  if (x == null || y == null) return "50% 50%";
  if (!fit || fit.width <= 0 || fit.height <= 0 || fit.frame <= 0) {
    return `${clampPercent(x)}% ${clampPercent(y)}%`;
  }
  const shape = fit.width / fit.height;
  // The share of the picture's width (or height) the frame shows; the other side is shown whole.
  const shownAcross = Math.min(1, fit.frame / shape);
  const shownDown = Math.min(1, shape / fit.frame);
  return `${centred(x, shownAcross)}% ${centred(y, shownDown)}%`;
}

/** The object-position (percent) that puts `point` (percent) in the middle of a window `shown` wide. */
function centred(point: number, shown: number): number {
  if (shown >= 1) return clampPercent(point);
  return clampPercent(((point / 100 - shown / 2) / (1 - shown)) * 100);
}

function clampPercent(value: number): number {
  return Math.min(100, Math.max(0, Math.round(value)));
}
