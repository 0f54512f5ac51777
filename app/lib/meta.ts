import { church } from "~/content/church";

/** A page's <title> and description. */
export function pageMeta(title: string, description: string = church.summary) {
  return [
    { title: title === church.name ? title : `${title} | ${church.name}` },
    { name: "description", content: description },
  ];
}
