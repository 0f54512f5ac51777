import { AdminScreen } from "~/components/admin-screen";
import { pageMeta } from "~/lib/meta";
import { requireUser } from "~/server/auth/guards.server";
import type { Route } from "./+types/website";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Website");
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireUser(request, "site:write");
  return {};
}

export default function Website() {
  return <AdminScreen title="Website">{null}</AdminScreen>;
}
