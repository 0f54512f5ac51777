// Read without the i18n library, so the page cache in front of the pages can use it too.
/**
 * Whether a browser's Accept-Language puts Filipino (or Tagalog) first. Only the English home
 * page uses it, to suggest the Filipino pages with a link: nobody is ever redirected by it.
 */
export function prefersFilipino(acceptLanguage: string | null): boolean {
  if (!acceptLanguage) return false;
  let best: { tag: string; q: number } | null = null;
  for (const part of acceptLanguage.split(",")) {
    const [tag = "", ...params] = part.trim().toLowerCase().split(";");
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!tag || !Number.isFinite(q) || q <= 0) continue;
    if (!best || q > best.q) best = { tag, q };
  }
  const primary = best?.tag.split("-")[0];
  return primary === "fil" || primary === "tl";
}
