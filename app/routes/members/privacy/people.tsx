import { Search, UserX } from "lucide-react";
import { Form, Link } from "react-router";
import { AdminScreen } from "~/components/admin-screen";
import { FormField } from "~/components/form-field";
import { Panel } from "~/components/panel";
import { Button, buttonVariants } from "~/components/ui/button";
import { formatDateTime } from "~/lib/format";
import { pageMeta } from "~/lib/meta";
import { can } from "~/lib/permissions";
import { requireUser } from "~/server/auth/guards.server";
import {
  ADDRESS_KINDS,
  countInWords,
  countLines,
  findPeople,
  membersWithAddress,
  normalEmail,
  personalDataSummary,
  type FoundAddress,
} from "~/server/people/personal-data.server";
import { ExportForm, NothingFound } from "./person-data-parts";
import type { Route } from "./+types/people";

// Data requests (issue 33): anyone's data, not only a member's. Staff find a person by e-mail or
// mobile across the members, connect messages, ministry sign-ups, event registrations, the
// follow-ups about people and the prayer requests they sent (issue 38). Each
// e-mail address is a person of its own (two addresses that share a mobile stay two people): its
// data is what came in with that address, and rows that only share a mobile or look like the
// address are possible matches, included only when ticked. A member's export and erasure stay on
// their profile; someone outside the registry is exported here and erased on person-erase.tsx.

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(
    matches,
    "Data requests",
    "Find what the site holds about a person, to give them a copy or erase it.",
  );
}

const PEOPLE = "/members/privacy/people";

function addressSummary(found: FoundAddress) {
  return ADDRESS_KINDS
    .filter((kind) => found.counts[kind] > 0)
    .map((kind) => countInWords(kind, found.counts[kind]))
    .join(", ");
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request, "members:export");
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").slice(0, 200);
  const email = normalEmail((url.searchParams.get("email") ?? "").slice(0, 320));
  const search = await findPeople(q);
  const summary = email.includes("@") ? await personalDataSummary({ email }) : null;
  return {
    q,
    search:
      search.state === "found"
        ? {
            ...search,
            addresses: search.addresses.map((found) => ({
              email: found.email,
              names: found.names.join(", "),
              summary: addressSummary(found),
              lastAt: formatDateTime(found.lastAt),
            })),
          }
        : search,
    email: email.includes("@") ? email : null,
    person: summary ? { ...summary, holds: countLines(summary.counts) } : null,
    members: email.includes("@") ? await membersWithAddress(email) : [],
    canErase: can(user, "members:erase"),
  };
}

function MemberLinks({ members }: { members: { id: string; name: string; deleted: boolean }[] }) {
  return (
    <>
      {members.map((member, index) => (
        <span key={member.id}>
          {index > 0 ? ", " : ""}
          <Link to={`/members/profile/${member.id}/data`} className="text-primary underline">
            {member.name}
          </Link>
          {member.deleted ? " (recently deleted)" : ""}
        </span>
      ))}
    </>
  );
}

export default function DataRequests({ loaderData }: Route.ComponentProps) {
  const { q, search, email, person, members, canErase } = loaderData;
  const openAddress = (address: string) =>
    `${PEOPLE}?${new URLSearchParams({ ...(q ? { q } : {}), email: address }).toString()}`;
  return (
    <AdminScreen
      title="Data requests"
      description="Give a person a copy of what the site holds about them, or erase it: members, and people who only sent a message, signed up or registered."
    >
      <div className="grid gap-6">
        <Panel
          title="Find a person"
          description="By e-mail address or mobile number, across the members, connect messages, ministry sign-ups and event registrations."
        >
          <Form method="get" className="flex flex-wrap items-end gap-3">
            <div className="min-w-0 flex-1 basis-64">
              <FormField
                id="q"
                name="q"
                label="E-mail address or mobile number"
                defaultValue={q}
                key={q}
                autoComplete="off"
                spellCheck={false}
              />
            </div>
            <Button type="submit">
              <Search aria-hidden="true" />
              Search
            </Button>
          </Form>
        </Panel>

        {email ? (
          <section aria-labelledby="person-heading" className="grid gap-4" data-testid="person-data">
            <h2 id="person-heading" className="wrap-anywhere text-xl font-semibold text-navy">
              Data of {email}
            </h2>
            {members.length > 0 ? (
              <p className="text-sm">
                This address is also on the member record{members.length === 1 ? "" : "s"} of{" "}
                <MemberLinks members={members} />: a member&apos;s export and erasure, with their record, are
                on their profile. Below is only what came in with the address.
              </p>
            ) : null}
            {person ? (
              <ExportForm
                action={`${PEOPLE}/export`}
                hidden={{ email }}
                holdsText="The connect messages, sign-ups and registrations with this address, their inbox entries and replies, the e-mails sent to or about it, and the audit entries about them."
                holds={person.holds}
                matches={person.possibleMatches}
                extra={
                  canErase ? (
                    <Panel title="Erase">
                      <p className="text-sm">
                        Remove all of it for good, with the possible matches you tick there.
                      </p>
                      <Link
                        to={`${PEOPLE}/erase?${new URLSearchParams({ email }).toString()}`}
                        className={buttonVariants({ variant: "outline", className: "mt-4" })}
                      >
                        <UserX aria-hidden="true" />
                        Erase person
                      </Link>
                    </Panel>
                  ) : undefined
                }
              />
            ) : (
              <NothingFound>
                No connect message, sign-up or registration came in with this address.
              </NothingFound>
            )}
          </section>
        ) : null}

        {search.state === "unclear" ? (
          <NothingFound>Type a whole e-mail address, or a mobile number of at least 6 digits.</NothingFound>
        ) : null}
        {search.state === "found" ? (
          <Panel title="Found" testId="people-found">
            {search.members.length === 0 && search.addresses.length === 0 ? (
              <NothingFound>
                No member, connect message, sign-up or registration has{" "}
                {search.by === "email" ? "this e-mail address (or one like it)" : "this mobile number"}.
              </NothingFound>
            ) : (
              <div className="grid gap-5">
                {search.by === "mobile" && search.addresses.length > 1 ? (
                  <p className="text-sm text-muted-foreground">
                    Each e-mail address below is a different person unless you know otherwise: people who
                    share a phone, or who mistyped a number, are not one person.
                  </p>
                ) : null}
                {search.members.length > 0 ? (
                  <div>
                    <h3 className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">
                      Members
                    </h3>
                    <ul className="mt-2 grid gap-2" aria-label="Members found">
                      {search.members.map((member) => (
                        <li
                          key={member.id}
                          className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-border p-3"
                        >
                          <span className="grid min-w-0 text-sm">
                            <span className="font-medium">
                              {member.name}
                              {member.deleted ? " (recently deleted)" : ""}
                            </span>
                            <span className="wrap-anywhere text-muted-foreground">
                              {member.email || "No e-mail"} · {member.mobile}
                            </span>
                          </span>
                          <Link
                            to={`/members/profile/${member.id}/data`}
                            className={buttonVariants({ variant: "outline", size: "sm" })}
                          >
                            Export data<span className="sr-only"> of {member.name}</span>
                          </Link>
                        </li>
                      ))}
                    </ul>
                  </div>
                ) : null}
                {search.addresses.length > 0 ? (
                  <div>
                    <h3 className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">
                      Messages, sign-ups and registrations, by e-mail address
                    </h3>
                    <ul className="mt-2 grid gap-2" aria-label="Addresses found">
                      {search.addresses.map((found) => (
                        <li
                          key={found.email}
                          className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-border p-3"
                        >
                          <span className="grid min-w-0 text-sm">
                            <span className="wrap-anywhere font-medium">{found.email}</span>
                            <span className="wrap-anywhere text-muted-foreground">{found.names}</span>
                            <span>
                              {found.summary} · last {found.lastAt}
                            </span>
                          </span>
                          <Link
                            to={openAddress(found.email)}
                            className={buttonVariants({ variant: "outline", size: "sm" })}
                          >
                            Open<span className="sr-only"> {found.email}</span>
                          </Link>
                        </li>
                      ))}
                    </ul>
                  </div>
                ) : null}
              </div>
            )}
          </Panel>
        ) : null}
      </div>
    </AdminScreen>
  );
}
