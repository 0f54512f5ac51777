// A video id is 11 characters of letters, digits, '-' and '_'.
const ID = /^[A-Za-z0-9_-]{11}$/;

/**
 * The 11-character video id in a YouTube link (watch, youtu.be, embed, shorts, live, with or
 * without "www." or "m."), or null when there is none.
 */
export function extractYouTubeId(input: string): string | null {
  const value = input.trim();
  if (ID.test(value)) return null; // a bare id is not a link
  let url: URL;
  try {
    url = new URL(/^https?:\/\//i.test(value) ? value : `https://${value}`);
  } catch {
    return null;
  }
  const host = url.hostname.toLowerCase().replace(/^(www\.|m\.|music\.)/, "");
  let candidate: string | null | undefined = null;
  if (host === "youtu.be") {
    candidate = url.pathname.split("/")[1];
  } else if (host === "youtube.com" || host === "youtube-nocookie.com") {
    const [first, second] = url.pathname.split("/").filter(Boolean);
    if (first === "watch") candidate = url.searchParams.get("v");
    else if (first && ["embed", "shorts", "live", "v", "e"].includes(first)) candidate = second;
  }
  return candidate && ID.test(candidate) ? candidate : null;
}

/** True for a value that is a video id (and nothing else, so it can go into an address as it is). */
export function isYouTubeId(value: string): boolean {
  return ID.test(value);
}

export function youTubeWatchUrl(id: string) {
  return `https://www.youtube.com/watch?v=${id}`;
}

export function youTubeEmbedUrl(id: string) {
  return `https://www.youtube-nocookie.com/embed/${id}?autoplay=1&rel=0`;
}

export function youTubeThumbnailUrl(id: string) {
  return `https://i.ytimg.com/vi/${id}/hqdefault.jpg`;
}
