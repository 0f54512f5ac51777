/** Which page to show of `total` items, `size` to a page: the asked one, kept within range. */
export function pageWindow(total: number, size: number, asked: number) {
  const pages = Math.max(1, Math.ceil(total / size));
  const page = Math.min(Math.max(1, Number.isFinite(asked) ? Math.trunc(asked) : 1), pages);
  return { page, pages, offset: (page - 1) * size, limit: size };
}

/** The page number a request asks for in `?page=` (or another parameter); 1 when absent or not a number. */
export function requestedPage(request: Request, parameter = "page") {
  return Number.parseInt(new URL(request.url).searchParams.get(parameter) ?? "1", 10) || 1;
}
