import { getSermon } from "~/server/content/sermons.server";
import { appErrorResponse, notFound } from "~/server/http/errors.server";
import { services } from "~/server/platform/services.server";
import type { Route } from "./+types/sermon-audio";

/**
 * A sermon's recording at an address that stays the same when staff replace the file (the
 * podcast feed's enclosures and the page's player use it): a redirect to the stored file, which
 * is served with byte ranges so players can seek.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const sermon = await getSermon(params.id);
  if (!sermon?.audioObjectPath) throw appErrorResponse(notFound("This recording was not found."));
  return new Response(null, {
    status: 302,
    headers: {
      Location: services().storage.publicUrl(sermon.audioObjectPath),
      "Cache-Control": "public, max-age=300",
    },
  });
}
