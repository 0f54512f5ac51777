import { services } from "./services.server";

/** The site's public address: PUBLIC_URL when set, else the address the request came to. */
export function siteOrigin(request: Request): string {
  const configured = services().env.PUBLIC_URL;
  return (configured ?? new URL(request.url).origin).replace(/\/$/, "");
}
