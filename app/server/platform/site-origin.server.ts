import { services } from "./services.server";

/** The site's public address: PUBLIC_URL when set, else the address the request came to. */
export function siteOrigin(request: Request): string {
  const configured = services().env.PUBLIC_URL;
  return (configured ?? new URL(request.url).origin).replace(/\/$/, "");
}

/** The site's address for work done outside a request (e-mails sent by the worker). */
export function configuredOrigin(): string {
  const { env } = services();
  return (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, "");
}
