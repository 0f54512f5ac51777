import { requireUser } from "~/server/auth/guards.server";
import type { Route } from "./+types/portrait-upload";

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request, "site:write");
  return new Response(null, { status: 405 });
}
