import { useRouteLoaderData } from "react-router";
import type { Church, ServiceTime, SocialLink } from "~/content/church";
import type { EventEssentials } from "~/lib/event-essentials";
import { useT, type Translate } from "~/lib/i18n";
import type { SermonCardData } from "./sermon-card";
import { openingHoursSpecification } from "~/lib/service-times";
import { jsonLd } from "~/lib/site-url";

function useOrigin(): string {
  return (useRouteLoaderData("root") as { origin?: string } | undefined)?.origin ?? "";
}

/**
 * JSON-LD is data, never run; `jsonLd` escapes "<" so no text can close the script element.
 * Only search engines read it, from the server's HTML, so the data is built on the server alone
 * (`import.meta.env.SSR` lets the bundler leave the builders out of the browser's JavaScript); in
 * the browser the element keeps the text it arrived with, so hydration matches.
 */
function JsonLdScript({ id, data }: { id: string; data: unknown }) {
  const json =
    data !== undefined
      ? jsonLd(data)
      : typeof document === "undefined"
        ? ""
        : (document.getElementById(id)?.textContent ?? "");
  return <script id={id} type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}

interface ChurchForJsonLd {
  church: Church;
  socialLinks: SocialLink[];
  serviceTimes: ServiceTime[];
}

/** Tells search engines who the church is, where, and when it meets. */
export function ChurchJsonLd(props: ChurchForJsonLd) {
  const origin = useOrigin();
  return (
    <JsonLdScript id="church-json-ld" data={import.meta.env.SSR ? churchData(props, origin) : undefined} />
  );
}

function churchData({ church, socialLinks, serviceTimes }: ChurchForJsonLd, origin: string) {
  return {
    "@context": "https://schema.org",
    "@type": "Church",
    name: church.name,
    description: church.summary,
    url: `${origin}/`,
    logo: `${origin}/favicon.svg`,
    image: `${origin}/og-image.png`,
    email: church.email,
    address: {
      "@type": "PostalAddress",
      addressLocality: church.addressLocality,
      addressCountry: church.addressCountry,
    },
    hasMap: church.mapsUrl,
    sameAs: socialLinks.map((link) => link.href),
    openingHoursSpecification: openingHoursSpecification(serviceTimes),
  };
}

interface EventForJsonLd extends EventEssentials {
  googleMapsUrl: string;
  description: string | null;
  /** The picture the page shows (the event's own or a default). */
  imageSrc: string;
  speaker: string | null;
}

type OrganizerForJsonLd = Pick<Church, "name" | "addressCountry">;

/** One event for search engines. Bahrain is UTC+3 all year. */
export function EventJsonLd({ event, church }: { event: EventForJsonLd; church: OrganizerForJsonLd }) {
  const origin = useOrigin();
  return (
    <JsonLdScript
      id="event-json-ld"
      data={import.meta.env.SSR ? eventData(event, church, origin) : undefined}
    />
  );
}

function eventData(event: EventForJsonLd, church: OrganizerForJsonLd, origin: string) {
  const at = (time: string) => `${event.eventDate}T${time.slice(0, 5)}:00+03:00`;
  const image = event.imageSrc;
  return {
    "@context": "https://schema.org",
    "@type": "Event",
    name: event.title,
    startDate: at(event.eventTime),
    ...(event.eventEndTime ? { endDate: at(event.eventEndTime) } : {}),
    eventStatus: "https://schema.org/EventScheduled",
    eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
    location: {
      "@type": "Place",
      name: event.locationName,
      hasMap: event.googleMapsUrl,
      address: { "@type": "PostalAddress", addressCountry: church.addressCountry },
    },
    ...(event.description ? { description: event.description } : {}),
    image: image.startsWith("http") ? image : `${origin}${image}`,
    url: `${origin}/events/${event.id}`,
    ...(event.speaker ? { performer: { "@type": "Person", name: event.speaker } } : {}),
    organizer: { "@type": "Organization", name: church.name, url: `${origin}/` },
  };
}

type SermonForJsonLd = Pick<
  SermonCardData,
  "id" | "title" | "speaker" | "sermonDate" | "youtubeId" | "passage" | "seriesName"
> & { description: string | null };

/** A sermon's video for search engines (schema.org VideoObject, the recording played on YouTube). */
export function SermonJsonLd({ sermon, church }: { sermon: SermonForJsonLd; church: Pick<Church, "name"> }) {
  const origin = useOrigin();
  const t = useT();
  return (
    <JsonLdScript
      id="sermon-json-ld"
      data={import.meta.env.SSR ? sermonData(sermon, church, origin, t) : undefined}
    />
  );
}

function sermonData(sermon: SermonForJsonLd, church: Pick<Church, "name">, origin: string, t: Translate) {
  const description =
    sermon.description ??
    (sermon.passage
      ? t("media.sermonByOn", { speaker: sermon.speaker, passage: sermon.passage })
      : t("media.sermonByName", { speaker: sermon.speaker }));
  return {
    "@context": "https://schema.org",
    "@type": "VideoObject",
    name: sermon.title,
    description,
    thumbnailUrl: [`https://i.ytimg.com/vi/${sermon.youtubeId}/hqdefault.jpg`],
    uploadDate: `${sermon.sermonDate}T00:00:00+03:00`,
    embedUrl: `https://www.youtube-nocookie.com/embed/${sermon.youtubeId}`,
    url: `${origin}/media/sermons/${sermon.id}`,
    author: { "@type": "Person", name: sermon.speaker },
    publisher: { "@type": "Organization", name: church.name, url: `${origin}/` },
    ...(sermon.seriesName ? { isPartOf: { "@type": "CreativeWorkSeries", name: sermon.seriesName } } : {}),
  };
}
