import { isRouteErrorResponse, Link, Outlet } from "react-router";
import { MembersNavigation } from "~/components/members-nav";
import { buttonVariants } from "~/components/ui/button";
import { navigationFor } from "~/lib/members-nav";
import { can } from "~/lib/permissions";
import { useSiteFrame } from "~/lib/site-frame";
import { getOptionalUser } from "~/server/auth/guards.server";
import { isTwoFactorRequired } from "~/server/auth/security-settings.server";
import { loadOptional } from "~/server/http/loader.server";
import { countNewInboxItems } from "~/server/messages/inbox.server";
import { getRetentionSettings } from "~/server/privacy/retention-settings.server";
import { registryConsentsWithdrawnByMembers } from "~/server/people/consents.server";
import { countPendingUpdateRequests } from "~/server/people/member-updates.server";
import type { Route } from "./+types/layout";
import type { PageHandle } from "~/lib/page-scripts";

// The members area is a React application (ADR 013): every screen inside this layout hydrates.
export const handle: PageHandle = { hydrate: true };

// The one frame of every members screen: the navigation (a side bar on wide screens, a menu on
// phones) around the screen. It only shows who is signed in and where they may go: each screen's
// own loader and action still check the person and their role.

export async function loader({ request }: Route.LoaderArgs) {
  const user = await getOptionalUser(request);
  // Nobody signed in: the screen's own loader sends them to sign in, except the registration
  // form, which the shared passcode opens.
  if (!user) return { person: null, unfinished: false, unread: null, deletedMemberDays: null, updates: null };
  const unfinished = user.mustChangePassword || (!user.twoFactorEnabled && (await isTwoFactorRequired()));
  const unread =
    !unfinished && can(user, "messages:read")
      ? await loadOptional("the unread messages", countNewInboxItems)
      : null;
  // How long a deleted member stays restorable, for the delete question on any screen.
  const deletedMemberDays =
    !unfinished && can(user, "members:write")
      ? ((await loadOptional("the retention settings", getRetentionSettings))?.deletedMemberDays ?? null)
      : null;
  const updates =
    !unfinished && can(user, "members:write")
      ? await loadOptional(
          "the members' updates waiting",
          async () =>
            (await countPendingUpdateRequests()) + (await registryConsentsWithdrawnByMembers()).length,
        )
      : null;
  return {
    person: { name: user.name, email: user.email, roleName: user.roleName, access: user.access },
    unfinished,
    unread,
    deletedMemberDays,
    updates,
  };
}

/** Every move re-reads the counts, so the badges follow what colleagues handle. */
export function shouldRevalidate() {
  return true;
}

function Frame({
  loaderData,
  children,
}: {
  loaderData?: Route.ComponentProps["loaderData"];
  children: React.ReactNode;
}) {
  const { church } = useSiteFrame();
  const person = loaderData?.person ?? null;
  const groups = person ? navigationFor(person.access, { unfinished: loaderData?.unfinished }) : [];
  return (
    <div className="min-h-dvh bg-muted lg:flex">
      <MembersNavigation
        churchName={church.name}
        person={person}
        groups={groups}
        counts={{ unread: loaderData?.unread ?? null, updates: loaderData?.updates ?? null }}
      />
      <main id="main" tabIndex={-1} className="min-w-0 flex-1 focus:outline-none">
        {children}
      </main>
    </div>
  );
}

export default function MembersLayout({ loaderData }: Route.ComponentProps) {
  return (
    <Frame loaderData={loaderData}>
      <Outlet />
    </Frame>
  );
}

/** A screen that failed (not found, not allowed, the database away) keeps the navigation. */
export function ErrorBoundary({ error, loaderData }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const title = status === 404 ? "Page Not Found" : status === 403 ? "Not allowed" : "Something went wrong";
  const message =
    status === 404
      ? "This page does not exist, or what it showed has been removed."
      : status === 403
        ? isRouteErrorResponse(error) && typeof error.data === "string"
          ? error.data
          : "You do not have permission to do this."
        : status === 503
          ? "The site is busy or being updated. Please try again in a minute."
          : "Something on our side is not working right now. Please try again in a few minutes.";
  return (
    <Frame loaderData={loaderData as Route.ComponentProps["loaderData"] | undefined}>
      <title>{title}</title>
      <section className="mx-auto max-w-2xl px-4 py-16 text-center">
        <p className="text-sm font-semibold uppercase tracking-wider text-accent-text">Error {status}</p>
        <h1 className="mt-2 text-2xl font-bold tracking-tight text-navy sm:text-3xl">{title}</h1>
        <p className="mt-3 text-muted-foreground">{message}</p>
        <Link to="/members" className={buttonVariants({ className: "mt-8" })}>
          Go to the dashboard
        </Link>
      </section>
    </Frame>
  );
}
