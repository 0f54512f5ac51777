import { redirect } from "react-router";
import { requireUser } from "~/server/auth/guards.server";
import type { Route } from "./+types/sermon-upload";

// Placeholder until the sermon form with a recording lands (events and sermons issue).
export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request, "content:write");
  throw redirect("/members/add-sermon");
}

export async function action({ request }: Route.ActionArgs) {
  await requireUser(request, "content:write");
  throw redirect("/members/add-sermon");
}
