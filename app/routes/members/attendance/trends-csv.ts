import { requireUser } from "~/server/auth/guards.server";
import type { Route } from "./+types/trends-csv";

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request, "groups:read");
  return new Response("", { status: 404 });
}
