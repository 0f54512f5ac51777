import { requireUser } from "~/server/auth/guards.server";
import type { Route } from "./+types/trends";

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request, "groups:read");
  return null;
}

export default function Trends() {
  return null;
}
