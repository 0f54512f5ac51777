/** Which page to show of `total` items, `size` to a page: the asked one, kept within range. */
export function pageWindow(total: number, size: number, asked: number) {
  const pages = Math.max(1, Math.ceil(total / size));
  const page = Math.min(Math.max(1, Number.isFinite(asked) ? Math.trunc(asked) : 1), pages);
  return { page, pages, offset: (page - 1) * size, limit: size };
}

/** The page number in a request's `?page=` (1 when absent or not a number). */
export function requestedPage(request: Request) {
  return Number.parseInt(new URL(request.url).searchParams.get("page") ?? "1", 10) || 1;
}
