import { Crown, UserMinus } from "lucide-react";
import { Form } from "react-router";
import { PersonSearchForm } from "~/components/person-search-form";
import { TickPeopleForm } from "~/components/tick-people-form";
import { StaffCard } from "~/components/staff-accounts";
import { StatusBadge } from "~/components/status-badge";
import { Button } from "~/components/ui/button";
import type { GroupPerson } from "~/server/groups/groups.server";

// A group's members and leaders as its page lists them, and the search that adds more.

export function GroupPeopleCard({ people, canWrite }: { people: GroupPerson[]; canWrite: boolean }) {
  return (
    <StaffCard
      id="people-heading"
      title={`Members (${people.length})`}
      description="Leaders take attendance from their own link and receive the requests to join."
    >
      {people.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nobody yet: find members of the registry to add.</p>
      ) : (
        <ul className="divide-y divide-border" data-testid="group-people">
          {people.map((person) => (
            <li
              key={person.memberId}
              className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm"
            >
              <span className="min-w-0 break-words">
                <a
                  href={`/members/profile/${person.memberId}`}
                  className="font-medium text-primary underline-offset-4 hover:underline"
                >
                  {person.name}
                </a>
                {person.isLeader ? (
                  <StatusBadge tone="good" className="ml-2">
                    Leader
                  </StatusBadge>
                ) : null}
                <span className="block break-all text-xs text-muted-foreground">
                  {[person.email, person.mobile].filter(Boolean).join(" · ")}
                </span>
              </span>
              {canWrite ? (
                <Form method="post" className="flex flex-wrap gap-2">
                  <input type="hidden" name="member" value={person.memberId} />
                  <Button
                    type="submit"
                    name="intent"
                    value={person.isLeader ? "not-leader" : "leader"}
                    variant="outline"
                    size="sm"
                  >
                    <Crown aria-hidden="true" />
                    {person.isLeader ? "Not a leader" : "Make leader"}
                    <span className="sr-only"> {person.name}</span>
                  </Button>
                  <Button type="submit" name="intent" value="remove" variant="outline" size="sm">
                    <UserMinus aria-hidden="true" />
                    Remove<span className="sr-only"> {person.name}</span>
                  </Button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </StaffCard>
  );
}

export function AddMembersCard({
  query,
  found,
}: {
  query: string;
  found: { id: string; name: string; hint: string }[] | null;
}) {
  return (
    <StaffCard
      id="add-heading"
      title="Add members"
      description="Find members of the registry by name, e-mail or mobile."
    >
      <PersonSearchForm query={query} />
      {found ? (
        <div className="mt-3">
          {found.length === 0 ? (
            <p className="text-sm text-muted-foreground">No one else matches “{query}”.</p>
          ) : (
            <TickPeopleForm
              people={found}
              legend="Tick who to add"
              testId="found"
              submitLabel="Add the ticked members"
            />
          )}
        </div>
      ) : null}
    </StaffCard>
  );
}
