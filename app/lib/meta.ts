import { church } from "~/content/church";

/** A page's <title>, description, and the same for link previews (Open Graph). */
export function pageMeta(title: string, description: string = church.summary) {
  const fullTitle = title === church.name ? title : `${title} | ${church.name}`;
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
  ];
}
