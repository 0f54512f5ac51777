import { Link } from "react-router";

/**
 * "Registered: Ana Cruz — view profile": what a member form or list says once a member is saved
 * or restored. A status region, so a screen reader hears it; empty (and hidden) until then.
 */
export function MemberConfirmation({
  what,
  member,
  testId,
  className,
}: {
  what: string;
  member: { id: string; name: string } | null | undefined;
  testId: string;
  className?: string;
}) {
  return (
    <div role="status" data-testid={testId} className={className ?? "mb-6 empty:hidden"}>
      {member ? (
        <p className="rounded-xl border border-success/40 bg-success/10 px-4 py-3 text-sm">
          {`${what}: `}
          <strong>{member.name}</strong> —{" "}
          <Link
            to={`/members/profile/${member.id}`}
            className="font-medium text-primary underline underline-offset-4"
          >
            view profile
          </Link>
        </p>
      ) : null}
    </div>
  );
}
