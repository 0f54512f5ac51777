import { useId } from "react";
import { useT } from "~/lib/i18n";
import { initials } from "~/lib/initials";
import { cn } from "~/lib/utils";
import { ResponsiveImage } from "./responsive-image";

// Navy-to-blue and navy-to-amber backgrounds, so neighbouring cards differ a little.
const PALETTES = [
  ["#0f1f4d", "#1e3a8a"],
  ["#1e3a8a", "#2563eb"],
  ["#0f1f4d", "#a35208"],
  ["#172554", "#1d4ed8"],
] as const;

/**
 * A pastor's picture: their photo when the church has added one, otherwise a generated portrait
 * (a silhouette with the person's initials), drawn inline so it costs no request.
 */
export function PastorPortrait({
  name,
  image,
  index = 0,
  className,
}: {
  name: string;
  image: string | null;
  index?: number;
  className?: string;
}) {
  const gradientId = useId();
  const t = useT();
  if (image) {
    return (
      <ResponsiveImage
        src={image}
        alt={t("common.portraitOf", { name })}
        width={320}
        height={320}
        // One column on phones, two from 640 px, four from 1024 px, in the 1280 px page.
        sizes="(min-width: 1280px) 290px, (min-width: 1024px) calc((100vw - 136px) / 4), (min-width: 640px) calc((100vw - 72px) / 2), calc(100vw - 32px)"
        className={cn("aspect-[4/3] w-full object-cover sm:aspect-square", className)}
      />
    );
  }
  const [from, to] = PALETTES[index % PALETTES.length]!;
  return (
    <svg
      viewBox="0 0 160 160"
      preserveAspectRatio="xMidYMid slice"
      role="img"
      aria-label={t("common.portraitOf", { name })}
      className={cn("aspect-[4/3] w-full sm:aspect-square", className)}
    >
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={from} />
          <stop offset="1" stopColor={to} />
        </linearGradient>
      </defs>
      <rect width="160" height="160" fill={`url(#${gradientId})`} />
      <circle cx="80" cy="80" r="70" fill="none" stroke="#f5b83d" strokeOpacity="0.25" strokeWidth="1" />
      <g fill="#ffffff" fillOpacity="0.14">
        <circle cx="80" cy="64" r="30" />
        <path d="M22 160c0-36 26-62 58-62s58 26 58 62z" />
      </g>
      <text
        x="80"
        y="75"
        textAnchor="middle"
        fill="#f5b83d"
        fontFamily="ui-serif, Georgia, Cambria, 'Times New Roman', serif"
        fontSize="30"
        fontWeight="700"
        letterSpacing="2"
      >
        {initials(name)}
      </text>
    </svg>
  );
}
