import { Link2, Link2Off, Search } from "lucide-react";
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { BusyIcon } from "~/components/busy-icon";
import { StaffCard } from "~/components/staff-accounts";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import type { StaffAccountView } from "~/lib/staff-accounts";
import { useIsSubmitting } from "~/lib/use-is-submitting";

// The cards of one staff account's screen that tie it to the church: the ministries it looks
// after, and the member of the registry it belongs to.

interface MinistryChoice {
  slug: string;
  name: string;
}

interface MemberChoice {
  id: string;
  name: string;
  email: string;
  linkedTo: string | null;
}

export interface MemberLinkView {
  member: {
    id: string;
    name: string;
    email: string;
    isDeleted: boolean;
    heads: MinistryChoice[];
  } | null;
  suggestions: MemberChoice[];
}

const linkClass = "font-medium text-primary underline underline-offset-4";

/** An account's ministries, by name, in the church's order of names. */
export function ministryNames(account: StaffAccountView, ministries: MinistryChoice[]): string[] {
  return ministries.filter((ministry) => account.ministries.includes(ministry.slug)).map((m) => m.name);
}

export function MinistriesCard({
  account,
  ministries,
  error,
}: {
  account: StaffAccountView;
  ministries: MinistryChoice[];
  error?: string;
}) {
  const busy = useIsSubmitting("ministries");
  return (
    <StaffCard
      id="ministries-heading"
      title="Ministries"
      description={
        account.ministryOnly ? (
          <>
            <strong className="text-navy">{account.roleName}</strong> is limited to the account&apos;s
            ministries: {account.name} reaches only what belongs to the ministries ticked here (their pages,
            videos and images, sign-ups, members and announcements).
          </>
        ) : (
          <>
            {account.roleName} is not limited to ministries, so these count only with a role that is (such as
            Ministry head). A role limited to ministries reaches only the ministries ticked here.
          </>
        )
      }
    >
      <Form method="post" className="grid gap-4" key={account.ministries.join(" ")}>
        <fieldset aria-describedby={error ? "ministries-error" : undefined}>
          <legend className="sr-only">Ministries {account.name} looks after</legend>
          <div className="flex flex-wrap gap-2">
            {ministries.map((ministry) => (
              <label
                key={ministry.slug}
                className="relative cursor-pointer rounded-full border border-input px-3 py-1.5 text-sm transition-colors hover:bg-muted has-[:checked]:border-primary has-[:checked]:bg-primary has-[:checked]:text-primary-foreground has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-ring"
              >
                <input
                  type="checkbox"
                  name="ministries"
                  value={ministry.slug}
                  defaultChecked={account.ministries.includes(ministry.slug)}
                  className="absolute inset-0 size-full cursor-pointer appearance-none rounded-full opacity-0"
                />
                {ministry.name}
              </label>
            ))}
          </div>
          {error ? (
            <p id="ministries-error" className="mt-2 text-sm text-destructive">
              {error}
            </p>
          ) : null}
        </fieldset>
        <div>
          <Button type="submit" name="intent" value="ministries" disabled={busy}>
            <BusyIcon busy={busy} />
            Save ministries
          </Button>
        </div>
      </Form>
    </StaffCard>
  );
}

function IntentForm({
  intent,
  member,
  children,
  variant = "default",
}: {
  intent: string;
  member?: string;
  children: ReactNode;
  variant?: "default" | "outline";
}) {
  const navigationBusy = useIsSubmitting(intent);
  return (
    <Form method="post">
      {member ? <input type="hidden" name="member" value={member} /> : null}
      {/* A button that names ministries or a long name wraps on a phone rather than widen the page. */}
      <Button
        type="submit"
        name="intent"
        value={intent}
        variant={variant}
        disabled={navigationBusy}
        className="h-auto min-h-9 max-w-full whitespace-normal py-2 text-left wrap-anywhere"
      >
        <BusyIcon busy={navigationBusy} icon={intent === "unlink" ? Link2Off : Link2} />
        {children}
      </Button>
    </Form>
  );
}

function LinkedMember({
  account,
  member,
  canReadMembers,
}: {
  account: StaffAccountView;
  member: NonNullable<MemberLinkView["member"]>;
  canReadMembers: boolean;
}) {
  const headSlugs = member.heads.map((ministry) => ministry.slug);
  const sameMinistries = headSlugs.join(" ") === account.ministries.join(" ");
  return (
    <div className="grid min-w-0 grid-cols-1 gap-4 text-sm">
      <p data-testid="linked-member">
        Linked to{" "}
        {canReadMembers && !member.isDeleted ? (
          <Link to={`/members/profile/${member.id}`} className={linkClass}>
            {member.name}
          </Link>
        ) : (
          <strong>{member.name}</strong>
        )}{" "}
        <span className="wrap-anywhere text-muted-foreground">({member.email})</span>
        {member.isDeleted ? " — under Recently deleted." : "."}
      </p>
      {member.heads.length > 0 ? (
        <div className="grid gap-2 rounded-lg bg-muted/60 p-3">
          <p>
            Their ministry roles make them head of {member.heads.map((ministry) => ministry.name).join(", ")}.
            {sameMinistries ? " The account looks after the same ministries." : null}
          </p>
          {sameMinistries ? null : (
            <IntentForm intent="member-ministries" variant="outline">
              Use their ministries ({member.heads.map((ministry) => ministry.name).join(", ")})
            </IntentForm>
          )}
        </div>
      ) : null}
      <div>
        <IntentForm intent="unlink" variant="outline">
          Unlink<span className="sr-only"> {member.name}</span>
        </IntentForm>
      </div>
    </div>
  );
}

function MemberSearch({ find, found }: { find: string; found: MemberChoice[] | null }) {
  return (
    <div className="grid gap-3">
      <Form method="get" preventScrollReset className="grid gap-2">
        <Label htmlFor="member-find">Find a member by name or e-mail</Label>
        <div className="flex gap-2">
          <Input id="member-find" name="find" type="search" defaultValue={find} maxLength={100} />
          <Button type="submit" variant="outline">
            <Search aria-hidden="true" />
            Search
          </Button>
        </div>
      </Form>
      {found === null ? null : found.length === 0 ? (
        <p className="text-sm text-muted-foreground">No member matches “{find}”.</p>
      ) : (
        <ul className="divide-y divide-border rounded-lg border border-border" aria-label="Members found">
          {found.map((member) => (
            <li
              key={member.id}
              className="flex flex-col gap-2 px-3 py-2.5 sm:flex-row sm:items-center sm:justify-between"
            >
              <span className="min-w-0">
                <span className="block font-semibold text-navy">{member.name}</span>
                <span className="block text-sm text-muted-foreground wrap-anywhere">{member.email}</span>
              </span>
              {member.linkedTo ? (
                <span className="text-sm text-muted-foreground">Has the account of {member.linkedTo}</span>
              ) : (
                <IntentForm intent="link" member={member.id} variant="outline">
                  Link<span className="sr-only"> to {member.name}</span>
                </IntentForm>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function MemberRecordCard({
  account,
  link,
  find,
  found,
  canReadMembers,
  error,
}: {
  account: StaffAccountView;
  link: MemberLinkView;
  find: string;
  found: MemberChoice[] | null;
  canReadMembers: boolean;
  error?: string;
}) {
  return (
    <StaffCard
      id="member-heading"
      title="Member record"
      description="The member of the registry this account belongs to. Their profile then says they have a staff account, and they cannot be erased while the account exists."
    >
      <div className="grid gap-4">
        {error ? (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        ) : null}
        {link.member ? (
          <LinkedMember account={account} member={link.member} canReadMembers={canReadMembers} />
        ) : (
          <>
            <p className="text-sm">{account.name}&apos;s account is not linked to a member.</p>
            {link.suggestions.map((member) => (
              <div
                key={member.id}
                data-testid="member-suggestion"
                className="grid gap-3 rounded-lg border border-gold bg-gold/10 p-3 text-sm"
              >
                <p>
                  <strong>{member.name}</strong> in the registry has this account&apos;s e-mail address.
                </p>
                <div>
                  <IntentForm intent="link" member={member.id}>
                    Link to {member.name}
                  </IntentForm>
                </div>
              </div>
            ))}
            {canReadMembers ? (
              <MemberSearch find={find} found={found} />
            ) : (
              <p className="text-sm text-muted-foreground">
                Choosing a member needs “Member registry: view”, which your role does not give.
              </p>
            )}
          </>
        )}
      </div>
    </StaffCard>
  );
}
