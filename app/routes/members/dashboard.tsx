import { pageMeta } from "~/lib/meta";
import { requireStaff } from "~/server/auth.server";
import type { Route } from "./+types/dashboard";

export function meta(_: Route.MetaArgs) {
  return pageMeta("Members Dashboard", "The members area for church staff.");
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireStaff(request);
  return { name: user.name };
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight text-navy">Members Dashboard</h1>
      <p className="mt-2 text-muted-foreground">Welcome, {loaderData.name}.</p>
    </section>
  );
}
