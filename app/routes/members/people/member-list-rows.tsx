import { Eye, Pencil } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { DeleteMemberButton } from "~/components/member-delete-button";
import { MembershipStatusBadge, StatusBadge } from "~/components/status-badge";
import { buttonVariants } from "~/components/ui/button";
import { formatDate } from "~/lib/format";
import { CONTACTED_COLUMN } from "~/lib/member-list-filter";
import { fullName } from "~/lib/names";
import type { Route } from "./+types/member-list";

// A member of the membership list: a card on phones, a row of the table on wider screens, with
// the optional "Last contacted" column (issue 38) when the address asks for it.

type ListedMember = Route.ComponentProps["loaderData"]["rows"][number];

/** The day of the member's latest visit or call (never the note), or a dash. */
function lastContacted(member: ListedMember) {
  return member.lastContacted ? (
    formatDate(member.lastContacted)
  ) : (
    <>
      <span aria-hidden="true">—</span>
      <span className="sr-only">No visit or call yet</span>
    </>
  );
}

/** A registration that looked like a member when it came in, until staff keep or delete it. */
function DuplicateBadge({ member }: { member: ListedMember }) {
  return member.possibleDuplicate ? (
    <StatusBadge tone="waiting" testId="possible-duplicate" className="ml-2 align-middle">
      Possible duplicate
    </StatusBadge>
  ) : null;
}

function RowActions({ member, name, canWrite }: { member: ListedMember; name: string; canWrite: boolean }) {
  return (
    <>
      <Link
        to={`/members/profile/${member.id}`}
        className={buttonVariants({ variant: "ghost", size: "icon" })}
        aria-label={`View ${name}`}
        title="View"
      >
        <Eye aria-hidden="true" />
      </Link>
      {canWrite ? (
        <>
          <Link
            to={`/members/edit/${member.id}`}
            className={buttonVariants({ variant: "ghost", size: "icon" })}
            aria-label={`Edit ${name}`}
            title="Edit"
          >
            <Pencil aria-hidden="true" />
          </Link>
          <DeleteMemberButton id={member.id} name={name} />
        </>
      ) : null}
    </>
  );
}

/** A member on a phone: one card, every action in reach. */
export function MemberCard({
  member,
  canWrite,
  contacted,
}: {
  member: ListedMember;
  canWrite: boolean;
  contacted: boolean;
}) {
  const name = fullName(member);
  return (
    <li data-testid="member-card" className="rounded-xl border border-border bg-background p-4 shadow-sm">
      <div className="flex items-start justify-between gap-3">
        <p className="min-w-0 font-semibold wrap-anywhere">
          {name}
          <DuplicateBadge member={member} />
        </p>
        <MembershipStatusBadge status={member.membershipStatus} />
      </div>
      <p className="mt-1 text-sm text-muted-foreground wrap-anywhere">{member.email}</p>
      <p className="text-sm text-muted-foreground">
        {member.countryCode} {member.mobile}
      </p>
      {contacted ? (
        <p className="text-sm" data-testid="last-contacted">
          <span className="text-muted-foreground">Last contacted:</span>{" "}
          {member.lastContacted ? formatDate(member.lastContacted) : "no visit or call yet"}
        </p>
      ) : null}
      <div className="mt-2 -mb-2 flex justify-end gap-1">
        <RowActions member={member} name={name} canWrite={canWrite} />
      </div>
    </li>
  );
}

/** A member in the table of wider screens. */
export function MemberRow({
  member,
  canWrite,
  contacted,
}: {
  member: ListedMember;
  canWrite: boolean;
  contacted: boolean;
}) {
  const name = fullName(member);
  return (
    <tr data-testid="member-row">
      <td className="px-4 py-3 font-medium">
        {name}
        <DuplicateBadge member={member} />
      </td>
      <td className="px-4 py-3 wrap-anywhere">{member.email}</td>
      <td className="px-4 py-3 whitespace-nowrap">
        {member.countryCode} {member.mobile}
      </td>
      <td className="px-4 py-3">
        <MembershipStatusBadge status={member.membershipStatus} />
      </td>
      {contacted ? (
        <td className="px-4 py-3 whitespace-nowrap" data-testid="last-contacted">
          {lastContacted(member)}
        </td>
      ) : null}
      <td className="px-4 py-2">
        <div className="flex justify-end gap-1">
          <RowActions member={member} name={name} canWrite={canWrite} />
        </div>
      </td>
    </tr>
  );
}

/**
 * The "Last contacted" column, chosen in the search form (so it is in the address, and works
 * without scripts with the Search button); with scripts, ticking it reloads the list at once.
 */
export function ContactedColumnChoice({ chosen }: { chosen: boolean }) {
  // Shows the choice in use when the address changes (a link followed), keeping the focus.
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (box.current) box.current.checked = chosen;
  }, [chosen]);
  return (
    <label className="order-last flex w-full items-center gap-2 text-sm">
      <input
        ref={box}
        type="checkbox"
        name="show"
        value={CONTACTED_COLUMN}
        defaultChecked={chosen}
        className="size-4 accent-primary"
      />
      Show when each member was last contacted (visits and calls)
    </label>
  );
}
