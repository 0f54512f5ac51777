import type { Ministry } from "~/content/ministries";
import { cn } from "~/lib/utils";

// Longer monograms get smaller letters so they always fit the square.
const FONT_SIZE_BY_LENGTH = [0, 54, 42, 32, 25];

/**
 * A ministry's generated monogram: its letters on its own colour, in a rounded square.
 * Decorative by default (the ministry's name is always written next to it); pass `label` when
 * the logo stands alone.
 */
export function MinistryLogo({
  ministry,
  label,
  className,
}: {
  ministry: Pick<Ministry, "slug" | "logo">;
  label?: string;
  className?: string;
}) {
  const { monogram, background, foreground } = ministry.logo;
  const fontSize = FONT_SIZE_BY_LENGTH[monogram.length] ?? 22;
  const accessibility = label ? { role: "img", "aria-label": label } : { "aria-hidden": true };
  return (
    <svg
      viewBox="0 0 100 100"
      className={cn("size-16 shrink-0", className)}
      data-testid={`ministry-logo-${ministry.slug}`}
      {...accessibility}
    >
      <rect width="100" height="100" rx="24" fill={background} />
      <circle cx="86" cy="10" r="34" fill="#ffffff" opacity="0.12" />
      <circle cx="8" cy="96" r="22" fill="#000000" opacity="0.12" />
      <text
        x="50"
        y="52"
        textAnchor="middle"
        dominantBaseline="central"
        fill={foreground}
        fontSize={fontSize}
        fontWeight="800"
        fontFamily="ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif"
        letterSpacing={monogram.length > 2 ? -1 : 0}
      >
        {monogram}
      </text>
    </svg>
  );
}
