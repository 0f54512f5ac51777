import { Download, Pencil, UserX } from "lucide-react";
import { Link } from "react-router";
import { AdminScreen } from "~/components/admin-screen";
import { MemberConsents } from "~/components/member-consents";
import { useDeleteToast } from "~/components/confirm-dialog";
import { DeleteMemberButton } from "~/components/member-delete-button";
import { MemberUpdateLinkPanel } from "~/components/member-update-link-panel";
import { buttonVariants } from "~/components/ui/button";
import { todayInChurchZone } from "~/lib/dates";
import { ageInYears } from "~/lib/member-dates";
import { pageMeta } from "~/lib/meta";
import { can } from "~/lib/permissions";
import { auditSearch, EMPTY_AUDIT_FILTER } from "~/lib/audit-filter";
import { auditNames, entryView, memberHistory } from "~/server/audit/audit-log.server";
import { requireUser, type StaffUser } from "~/server/auth/guards.server";
import { ministryScope } from "~/server/auth/ministry-scope.server";
import { staffAccountOfMember } from "~/server/auth/member-staff-account.server";
import { loadOptional } from "~/server/http/loader.server";
import { refuse, refusalFor, reply, replyWith } from "~/server/http/action-result.server";
import { readForm } from "~/server/http/forms.server";
import { redirectWithToast } from "~/server/http/toast.server";
import { groupsOfMember } from "~/server/groups/groups.server";
import { careCardFor } from "~/server/care/pastoral-visits.server";
import { deleteMember, findPossibleDuplicates, getMemberProfile } from "~/server/people/members.server";
import { keepPossibleDuplicate } from "~/server/people/member-duplicate-check.server";
import { fullName } from "~/lib/names";
import { memberOrBackToList } from "~/server/people/member-screens.server";
import {
  CONSENT_KINDS,
  CONSENT_LABELS,
  changeConsent,
  consentHistory,
  currentConsents,
  isConsentKind,
} from "~/server/people/consents.server";
import { sendUpdateLink, showUpdateLink } from "~/server/people/update-links.server";
import { siteOrigin } from "~/server/platform/site-origin.server";
import { UPDATE_LINK_DAYS } from "~/schemas/own-details";
import {
  ProfileCard,
  Details,
  MemberGroups,
  MemberHistory,
  PERSONAL_DETAILS,
  PossibleDuplicateCheck,
  show,
  showDate,
  SPIRITUAL_DETAILS,
  StaffAccountNote,
} from "./member-profile-parts";
import { MemberCareCard } from "./member-care-card";
import type { Route } from "./+types/member-profile";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Member Profile", "A member's details.");
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request, "members:read");
  // A role limited to ministries reads only the people of its ministries: any other is not found.
  const scope = ministryScope(user);
  const member = await memberOrBackToList(
    request,
    await getMemberProfile(params.id, scope),
    params.id,
    scope,
  );
  // The member's own history is for anyone who may read the member; when it cannot be read the
  // profile still shows, with a note in its place.
  const history = await loadOptional("a member's history", async () => {
    const [{ rows, total }, names] = await Promise.all([memberHistory(member.id), auditNames()]);
    return { entries: rows.map((row) => entryView(row, names)), total };
  });
  const [consentRecords, staffAccount, groups, care] = await Promise.all([
    consentHistory(member.id),
    staffAccountOfMember(member.id),
    can(user, "groups:read") ? groupsOfMember(member.id) : Promise.resolve(null),
    careCardFor(user, member.id),
  ]);
  // A registration flagged when it came in: the members it looks like now (anywhere in the
  // registry, so not for a role that reaches only its ministries' people).
  const lookalikes =
    member.possibleDuplicate && !scope ? await findPossibleDuplicates(member, { exceptId: member.id }) : null;
  const inForce = currentConsents(consentRecords);
  const consents = CONSENT_KINDS.map((kind) => {
    const current = inForce[kind];
    const lastWithdrawn = consentRecords
      .filter((record) => record.kind === kind && record.withdrawnAt)
      .at(-1);
    return {
      kind,
      label: CONSENT_LABELS[kind],
      current: current
        ? {
            givenAt: current.givenAt.toISOString(),
            noticeVersion: current.noticeVersion,
            recordedBy: current.recordedBy,
          }
        : null,
      withdrawn:
        !current && lastWithdrawn
          ? { at: lastWithdrawn.withdrawnAt!.toISOString(), by: lastWithdrawn.withdrawnBy }
          : null,
    };
  });
  return {
    member,
    groups,
    care,
    lookalikes,
    today: todayInChurchZone(),
    consents,
    consentHistory: consentRecords.map((record) => ({
      kind: record.kind,
      givenAt: record.givenAt.toISOString(),
      noticeVersion: record.noticeVersion,
      recordedBy: record.recordedBy,
      withdrawnAt: record.withdrawnAt?.toISOString() ?? null,
      withdrawnBy: record.withdrawnBy,
    })),
    history,
    auditLink: can(user, "audit:read")
      ? `/members/audit${auditSearch({ ...EMPTY_AUDIT_FILTER, member: member.id })}`
      : null,
    canWrite: can(user, "members:write"),
    canExport: can(user, "members:export"),
    canErase: can(user, "members:erase"),
    staffAccount: staffAccount
      ? {
          roleName: staffAccount.roleName,
          href: can(user, "staff:manage") ? `/members/staff/${staffAccount.id}` : null,
        }
      : null,
  };
}

/** Deleting from the profile: the member goes to "Recently deleted", and staff back to the list. */
export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request, "members:write");
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "send-update-link" || intent === "show-update-link") {
    return updateLinkAction(intent, params.id, user);
  }
  if (intent === "consent") return consentAction(params.id, form, user);
  if (intent === "keep-both") {
    if (!(await keepPossibleDuplicate(params.id, user)))
      return refuse(404, { title: "Not changed", description: "There was nothing to check on this member." });
    throw await redirectWithToast(
      `/members/profile/${params.id}`,
      { title: "Kept", description: "This registration is kept as a member of its own." },
      request,
    );
  }
  if (intent !== "delete") {
    return refuse(400, { title: "Delete failed", description: "Unknown request." });
  }
  let deleted;
  try {
    deleted = await deleteMember(params.id, user);
  } catch (error) {
    return refusalFor(error, {
      title: "Delete failed",
      fallback: "The member could not be removed. Please try again.",
      what: "Deleting a member",
    });
  }
  if (!deleted) return refuse(404, { title: "Delete failed", description: "That member no longer exists." });
  throw await redirectWithToast(
    "/members/details",
    { title: "Member Deleted", description: "The member has been removed." },
    request,
  );
}

/** Staff record a consent the person gave, or withdraw one (issue 23). */
async function consentAction(id: string, form: FormData, user: StaffUser) {
  const kind = form.get("kind");
  const give = form.get("give") === "yes";
  if (!isConsentKind(kind)) {
    return refuse(400, { title: "Not changed", description: "Unknown consent." });
  }
  const member = await getMemberProfile(id);
  if (!member) return refuse(404, { title: "Not changed", description: "That member no longer exists." });
  let changed;
  try {
    changed = await changeConsent(id, fullName(member), kind, give, user);
  } catch (error) {
    return refusalFor(error, {
      title: "Not changed",
      fallback: "The consent could not be saved. Please try again.",
      what: "Changing a consent",
    });
  }
  const what = CONSENT_LABELS[kind];
  if (!changed) {
    return reply({
      title: "Nothing to change",
      description: give
        ? `${what}: consent was already recorded.`
        : `${what}: there was no consent to withdraw.`,
    });
  }
  return reply({
    title: give ? "Consent recorded" : "Consent withdrawn",
    description: give ? `${what}: consent recorded.` : `${what}: consent withdrawn.`,
  });
}

/** The "Update link" panel's two buttons (privacy issue 23): e-mail a link, or show one as a QR code. */
async function updateLinkAction(
  intent: "send-update-link" | "show-update-link",
  id: string,
  user: Awaited<ReturnType<typeof requireUser>>,
) {
  const title = "No link made";
  const gone = { title, description: "That member no longer exists." };
  try {
    if (intent === "send-update-link") {
      const sent = await sendUpdateLink(id, user, siteOrigin());
      if (!sent) return refuse(404, gone);
      if (sent === "no-address") {
        return refuse(400, {
          title: "No link sent",
          description:
            "The member's e-mail address cannot take mail. Correct it, or show the link as a QR code.",
        });
      }
      return reply({
        title: "Link sent",
        description: `An update link is on its way to ${sent.sentTo}. It works once, for ${UPDATE_LINK_DAYS} days.`,
      });
    }
    const link = await showUpdateLink(id, user, siteOrigin());
    if (!link) return refuse(404, gone);
    return replyWith(
      { title: "Link ready", description: "Scan the QR code with the member's phone." },
      { link: { url: link.url, qrSvg: link.qrSvg, expiresAt: link.expiresAt.toISOString() } },
    );
  } catch (error) {
    return refusalFor(error, {
      title,
      fallback: "The link could not be made. Please try again.",
      what: "Making a member's update link",
    });
  }
}

export default function MemberProfile({ loaderData }: Route.ComponentProps) {
  const {
    member,
    groups,
    care,
    lookalikes,
    today,
    history,
    auditLink,
    canWrite,
    canExport,
    canErase,
    consents,
    consentHistory,
    staffAccount,
  } = loaderData;
  const name = fullName(member);
  useDeleteToast("delete-profile-member");
  const children = member.children ?? [];
  const hasChildren = Boolean(children[0]?.name);
  return (
    <AdminScreen
      title={name}
      description={member.nickname ? `“${member.nickname}”` : undefined}
      backTo="/members/details"
      backLabel="Back to List"
      actions={
        canWrite || canExport || canErase ? (
          <div className="flex flex-wrap gap-2">
            {canWrite ? (
              <>
                <Link to={`/members/edit/${member.id}`} className={buttonVariants()}>
                  <Pencil aria-hidden="true" />
                  Edit Profile
                </Link>
                <DeleteMemberButton
                  id={member.id}
                  name={name}
                  fetcherKey="delete-profile-member"
                  text={
                    <>
                      Delete<span className="sr-only"> {name}</span>
                    </>
                  }
                />
              </>
            ) : null}
            {/* Privacy (issues 23, 33): everything about the person in one file (with the possible
              matches staff tick), and erasing them for good. */}
            {canExport ? (
              <Link
                to={`/members/profile/${member.id}/data`}
                className={buttonVariants({ variant: "outline" })}
              >
                <Download aria-hidden="true" />
                Export data
              </Link>
            ) : null}
            {canErase ? (
              <Link
                to={`/members/profile/${member.id}/erase`}
                className={buttonVariants({ variant: "outline" })}
              >
                <UserX aria-hidden="true" />
                Erase person
              </Link>
            ) : null}
          </div>
        ) : undefined
      }
    >
      {/* Grid items shrink to the phone's width (min-w-0): a long word wraps instead of widening the page. */}
      <div className="grid grid-cols-1 gap-6 [&>*]:min-w-0">
        {staffAccount ? <StaffAccountNote {...staffAccount} /> : null}
        {lookalikes ? (
          <PossibleDuplicateCheck id={member.id} name={name} lookalikes={lookalikes} canWrite={canWrite} />
        ) : null}
        <ProfileCard title="Personal Information">
          <Details member={member} names={PERSONAL_DETAILS} />
        </ProfileCard>

        {hasChildren ? (
          <ProfileCard title="Children Information">
            <ul className="grid gap-3 sm:grid-cols-2">
              {children.map((child, index) => (
                <li
                  key={index}
                  className="min-w-0 rounded-lg border border-border p-4 wrap-anywhere"
                  data-testid="profile-child"
                >
                  <p className="font-semibold">{show(child.name)}</p>
                  <p className="text-sm text-muted-foreground">
                    Birthday: {showDate(child.birthday)} · Age: {ageInYears(child.birthday, today) ?? "N/A"} ·
                    Gender: {show(child.gender)}
                  </p>
                </li>
              ))}
            </ul>
          </ProfileCard>
        ) : null}

        <ProfileCard title="Spiritual Information">
          <Details member={member} names={SPIRITUAL_DETAILS} />
          {groups && groups.length > 0 ? <MemberGroups groups={groups} /> : null}
        </ProfileCard>

        <ProfileCard title="Ministry Involvement">
          {member.ministryNames.length > 0 ? (
            <ul className="flex flex-wrap gap-2" aria-label="Ministries">
              {member.ministryNames.map((ministry) => (
                <li
                  key={ministry}
                  className="rounded-full bg-primary/10 px-3 py-1 text-sm font-medium text-primary"
                >
                  {ministry}
                </li>
              ))}
            </ul>
          ) : (
            <p>N/A</p>
          )}
          <p className="mt-4 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
            Ministry Role
          </p>
          <p className="mt-1">{member.roleNames.length > 0 ? member.roleNames.join(", ") : "N/A"}</p>
        </ProfileCard>

        {care ? <MemberCareCard care={care} memberId={member.id} name={name} today={today} /> : null}

        <ProfileCard title="Consent">
          <MemberConsents consents={consents} history={consentHistory} canWrite={canWrite} />
        </ProfileCard>
        {canWrite ? (
          <ProfileCard title="Update link">
            <MemberUpdateLinkPanel name={name} email={member.email} />
          </ProfileCard>
        ) : null}

        <ProfileCard title="History">
          <MemberHistory history={history} auditLink={auditLink} />
        </ProfileCard>
      </div>
    </AdminScreen>
  );
}
