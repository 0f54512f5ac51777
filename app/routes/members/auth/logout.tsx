import { redirect } from "react-router";
import { requireUser } from "~/server/auth/guards.server";
import { signOut } from "~/server/auth/sign-in.server";
import type { Route } from "./+types/logout";

// Signing out changes state, so it only happens on POST; a GET just goes back.
export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request);
  throw redirect("/members");
}

export async function action({ request }: Route.ActionArgs) {
  await requireUser(request);
  const setCookies = await signOut(request);
  const headers = new Headers();
  for (const cookie of setCookies) headers.append("Set-Cookie", cookie);
  throw redirect("/", { headers });
}
