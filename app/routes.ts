import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

/** Every page a visitor reads, as [path, module]; each is served in English and in Filipino. */
const publicPages: [string, string][] = [
  ["", "routes/home.tsx"],
  ["about", "routes/about/index.tsx"],
  ["about/our-story", "routes/about/our-story.tsx"],
  ["about/what-we-believe", "routes/about/what-we-believe.tsx"],
  ["about/mission-vision", "routes/about/mission-vision.tsx"],
  ["about/our-team", "routes/about/our-team.tsx"],
  ["ministries", "routes/ministries/index.tsx"],
  ["ministries/:slug", "routes/ministries/detail.tsx"],
  ["events", "routes/events/index.tsx"],
  ["events/:id", "routes/events/detail.tsx"],
  // A registrant cancels from the link in their confirmation (events and sermons issue)
  ["events/:id/cancel", "routes/events/cancel.tsx"],
  ["connect", "routes/connect.tsx"],
  // Privacy by design (issue 23): the privacy notice, linked from the footer and every form
  ["privacy", "routes/privacy.tsx"],
  ["media", "routes/media/index.tsx"],
  ["media/sermons", "routes/media/sermons.tsx"],
  // Sermons people can follow (events and sermons issue): a podcast feed, pages per series and
  // per speaker, each sermon's own page and its recording
  ["media/sermons/series/:slug", "routes/media/sermon-series.tsx"],
  ["media/sermons/speakers/:slug", "routes/media/sermon-speaker.tsx"],
  ["media/sermons/:id", "routes/media/sermon.tsx"],
  ["media/elibrary", "routes/media/elibrary.tsx"],
  // Privacy (issue 23): a member asks for a link to their own record, and the link opens a form
  // with that record only; what they send waits for staff in members/updates
  ["update-my-details", "routes/own-details/ask-for-link.tsx"],
  ["update-my-details/:token", "routes/own-details/update-form.tsx"],
  // Announcements (issue 35): the unsubscribe link of every announcement (no sign-in, no script)
  ["unsubscribe/:token", "routes/announcements/unsubscribe.tsx"],
  // Serving rosters (issue 36): a volunteer's answer to one date, their own page, a date someone
  // cannot fill offered to them, and their calendar feed (signed links; no sign-in, no script)
  ["serve/answer/:token", "routes/serve/answer.tsx"],
  ["serve/me/:token", "routes/serve/me.tsx"],
  ["serve/offer/:token", "routes/serve/offer.tsx"],
  // Service headcounts (issue 37): an usher's page, from a signed link (no sign-in, no script)
  ["headcount/:token", "routes/headcount/usher.tsx"],
  // Groups (issue 37): the group finder and one group's "Ask to join"; a group leader's
  // attendance page (a signed link; no sign-in, no script)
  ["groups", "routes/groups/index.tsx"],
  ["groups/attendance/:token", "routes/groups/attendance.tsx"],
  ["groups/:id", "routes/groups/join.tsx"],
  // Care (issue 38): a prayer request to the pastors, the prayer team or the weekly list (no script)
  ["prayer", "routes/prayer/request.tsx"],
];

export default [
  // Every URL of the product, in the order of the spec's route tables.
  // Calendars: every upcoming event (a feed to subscribe to) and one event (events and sermons
  // issue); feeds, recordings and downloads have one language, and come before the pages so that
  // /events/3.ics is the calendar, not an event page.
  route("events.ics", "routes/events/calendar-feed.ts"),
  route("events/:id.ics", "routes/events/event-calendar.ts"),
  route("media/sermons/feed.xml", "routes/media/sermon-feed.ts"),
  route("media/sermons/:id/audio", "routes/media/sermon-audio.ts"),
  route("media/elibrary/:id/download", "routes/media/elibrary-download.ts"),
  route("update-my-details/:token/my-data", "routes/own-details/my-data.ts"),
  route("serve/calendar/:token", "routes/serve/calendar.ts"),
  // The public pages in English at the spec's addresses, and the same pages in Filipino under
  // /fil (issue 39, decision 028): one module per page, two routes with their own ids.
  ...publicPages.map(([path, file]) => (path === "" ? index(file) : route(path, file))),
  ...publicPages.map(([path, file]) =>
    route(path === "" ? "fil" : `fil/${path}`, file, { id: `fil/${path || "home"}` }),
  ),

  // Members area (each loader and action calls requireUser). Signing in and choosing a password
  // keep the site's frame; every other members screen is inside the members layout (its
  // navigation), and downloads and upload endpoints are resource routes beside it.
  route("members/login", "routes/members/auth/login.tsx"),
  route("members/logout", "routes/members/auth/logout.tsx"),
  // The second step of signing in is public, like the login page (staff-accounts issue)
  route("members/login/two-factor", "routes/members/auth/login-two-factor.tsx"),
  // Passwords without signing in: ask for a reset link, and choose a password from an e-mailed
  // link (reset or invitation). Public, like the login page (staff-accounts issue)
  route("members/forgot-password", "routes/members/auth/forgot-password.tsx"),
  route("members/set-password", "routes/members/auth/set-password.tsx"),
  // Issue 32: a new e-mail address is confirmed from the link sent to it (public, like set-password)
  route("members/confirm-email", "routes/members/auth/confirm-email.tsx"),

  layout("routes/members/home/layout.tsx", [
    route("members", "routes/members/home/dashboard.tsx"),
    route("members/forms", "routes/members/people/new-member.tsx"),
    route("members/details", "routes/members/people/member-list.tsx"),
    // Members from a spreadsheet: upload and past imports, then one import's columns, preview,
    // import and undo (layout issue, import part)
    route("members/import", "routes/members/people/import-members.tsx"),
    route("members/import/:id", "routes/members/people/import-review.tsx"),
    route("members/profile/:id", "routes/members/people/member-profile.tsx"),
    // Privacy (issue 23): erase a person for good, after a confirmation that lists what will go
    route("members/profile/:id/erase", "routes/members/privacy/member-erase.tsx"),
    // Issue 33: what a member's export holds, with the possible matches staff tick to include
    route("members/profile/:id/data", "routes/members/privacy/member-data.tsx"),
    route("members/edit/:id", "routes/members/people/edit-member.tsx"),
    // Deleted members wait here 30 days, restorable with everything (issue 18, safe forms)
    route("members/deleted", "routes/members/people/deleted-members.tsx"),
    // Privacy (issue 23): what members sent through their update links, accepted or rejected per field
    route("members/updates", "routes/members/people/member-updates.tsx"),
    route("members/reports", "routes/members/people/reports.tsx"),
    route("members/upload", "routes/members/content/documents.tsx"),
    route("members/add-sermon", "routes/members/content/sermons.tsx"),
    route("members/add-ministry-video", "routes/members/content/ministry-videos.tsx"),
    route("members/add-event", "routes/members/content/events.tsx"),
    route("members/update-ministry-image", "routes/members/content/ministry-images.tsx"),
    route("members/ministry-registrations", "routes/members/people/ministry-registrations.tsx"),
    route("members/event-registrations", "routes/members/people/event-registrations.tsx"),
    // The door on the day: registrants, one tap for "arrived", a confirmation's QR code
    route("members/events/:id/check-in", "routes/members/people/check-in.tsx"),
    route("members/notifications", "routes/members/messages/notifications.tsx"),

    // The staff inbox: connect messages, ministry sign-ups and event registrations (messages issue)
    route("members/messages", "routes/members/messages/inbox.tsx"),
    route("members/messages/outbox", "routes/members/messages/outbox.tsx"),
    route("members/messages/:id", "routes/members/messages/inbox-message.tsx"),

    // Announcements (issue 35): the list, writing one (new) and one's page; saved lists
    route("members/announcements", "routes/members/announcements/announcements.tsx"),
    route("members/announcements/lists", "routes/members/announcements/saved-lists.tsx"),
    route("members/announcements/lists/:id", "routes/members/announcements/saved-list.tsx"),
    route("members/announcements/:id", "routes/members/announcements/announcement.tsx"),

    // Serving rosters (issue 36): the teams, this week and what needs attention; a team, who can
    // serve in a position; a team's schedule and one seat's chooser; a service's plan and its
    // printable roster; an event's plan (made from the events screen)
    // Groups (issue 37): the groups by kind; a new group; one group with its members and leaders.
    route("members/groups", "routes/members/groups/groups.tsx"),
    route("members/groups/new", "routes/members/groups/group-new.tsx"),
    route("members/groups/:groupId", "routes/members/groups/group.tsx"),
    // A group's attendance (record or correct a meeting, its leaders' links), and the members and
    // regular attenders not seen lately, each to follow up
    route("members/groups/:groupId/attendance", "routes/members/groups/attendance.tsx"),
    route("members/groups/not-seen", "routes/members/groups/not-seen.tsx"),
    // Care and follow-up (issue 38): the follow-ups list, one started by hand, a follow-up's card;
    // the workflows, a new one and one to read or change
    route("members/care", "routes/members/care/follow-ups.tsx"),
    route("members/care/new", "routes/members/care/follow-up-new.tsx"),
    route("members/care/workflows", "routes/members/care/workflows.tsx"),
    route("members/care/workflows/new", "routes/members/care/workflow-new.tsx"),
    route("members/care/workflows/:workflowId", "routes/members/care/workflow.tsx"),
    route("members/care/:followUpId", "routes/members/care/follow-up.tsx"),
    // Prayer requests (issue 38): the lists (active, answered, expired), recording one, and one
    // request (a private one only for the pastors)
    route("members/prayer", "routes/members/prayer/prayer-requests.tsx"),
    route("members/prayer/new", "routes/members/prayer/prayer-new.tsx"),
    route("members/prayer/:requestId", "routes/members/prayer/prayer-request.tsx"),
    // Care (issue 38): each account's own daily e-mail of its follow-ups due and overdue
    route("members/care/digest", "routes/members/care/digest.tsx"),
    route("members/rosters", "routes/members/rosters/rosters.tsx"),
    route("members/rosters/teams/new", "routes/members/rosters/team-new.tsx"),
    route("members/rosters/teams/:teamId", "routes/members/rosters/team.tsx"),
    route(
      "members/rosters/teams/:teamId/positions/:positionId",
      "routes/members/rosters/position-people.tsx",
    ),
    route("members/rosters/teams/:teamId/schedule", "routes/members/rosters/schedule.tsx"),
    route("members/rosters/teams/:teamId/schedule/seat", "routes/members/rosters/seat.tsx"),
    route("members/rosters/services/:serviceId", "routes/members/rosters/service-plan.tsx"),
    route("members/rosters/services/:serviceId/print", "routes/members/rosters/service-print.tsx"),
    route("members/rosters/events/:eventId", "routes/members/rosters/event-plan.tsx"),

    // Service headcounts and the attendance trends (issue 37): the counts of services and events
    // with the ushers' links; the trends report of the Reports section
    route("members/attendance", "routes/members/attendance/headcounts.tsx"),
    route("members/reports/attendance", "routes/members/attendance/trends.tsx"),

    // The Website section: the church's own texts and facts (not in the spec; site-content issue)
    route("members/site", "routes/members/site/website.tsx"),
    route("members/site/ministries/:slug", "routes/members/site/site-editor.tsx", { id: "ministry-editor" }),
    route("members/site/:section", "routes/members/site/site-editor.tsx"),

    // The audit log: who did what, when, from where; a member's own history is on their profile
    // (staff-accounts issue, audit part)
    route("members/audit", "routes/members/audit/audit-log.tsx"),
    // How long personal data is kept, and the daily clean-up's last run (admins; privacy issue)
    route("members/privacy", "routes/members/privacy/privacy.tsx"),
    // Data requests (issue 33): find anyone by e-mail or mobile; export or erase someone outside
    // the registry (a member's export and erasure are on their profile)
    route("members/privacy/people", "routes/members/privacy/people.tsx"),
    route("members/privacy/people/erase", "routes/members/privacy/person-erase.tsx"),
    // Site settings (issue 32, admins): the hub, and the mail server the site sends through
    route("members/settings", "routes/members/settings/index.tsx"),
    route("members/settings/email", "routes/members/settings/email.tsx"),
    // Backups in the browser: list, back up now, download, restore, off-site copy (admins; issue 32)
    route("members/backups", "routes/members/backups/backups.tsx"),
    route("members/backups/restore/:name", "routes/members/backups/backup-restore.tsx"),

    // Own account and two-factor sign-in (staff-accounts issue): open to an account that must
    // first replace a temporary password or set up two-factor sign-in.
    route("members/account", "routes/members/auth/account.tsx"),
    route("members/account/two-factor", "routes/members/auth/two-factor-setup.tsx"),

    // Staff accounts: invite, roles, disable, delete; two-factor for everyone (admins; staff-accounts issue)
    route("members/staff", "routes/members/auth/staff-accounts.tsx"),
    // Roles (issue 34): the built-in ones to read and copy, the church's own to make and change
    route("members/staff/roles", "routes/members/auth/staff-roles.tsx"),
    route("members/staff/roles/:id", "routes/members/auth/staff-role.tsx"),
    route("members/staff/:id", "routes/members/auth/staff-account.tsx"),
    // Issue 32: the site's address in the browser, and the first administrator's set-up
    route("members/settings/site-address", "routes/members/settings/site-address.tsx"),
    route("members/welcome", "routes/members/setup/welcome.tsx"),
    // The weekly digest (issue 35, admins): on or off, who asked for it, this week's preview
    route("members/announcements/digest", "routes/members/announcements/digest.tsx"),
  ]),

  // Downloads and upload endpoints of the members area (resource routes, no screen)
  route("members/reports/export/:report", "routes/members/people/report-csv.ts"),
  route("members/registrations/export/:kind", "routes/members/people/registration-csv.ts"),
  route("members/upload/save", "routes/members/content/document-upload.ts"),
  route("members/add-event/save", "routes/members/content/event-upload.ts"),
  route("members/add-sermon/save", "routes/members/content/sermon-upload.ts"),
  route("members/update-ministry-image/save", "routes/members/content/ministry-image-upload.ts"),
  route("members/site/pastors/portrait", "routes/members/site/portrait-upload.ts"),
  route("members/audit/export", "routes/members/audit/audit-log-csv.ts"),
  // The compose screen's live preview: what is typed in, the e-mail and the count out (issue 35)
  route("members/announcements/preview", "routes/members/announcements/announcement-preview.ts"),
  // A team's schedule and a service's roster as CSV files (issue 36)
  route("members/rosters/teams/:teamId/schedule/export", "routes/members/rosters/schedule-csv.ts"),
  route("members/rosters/services/:serviceId/export", "routes/members/rosters/service-csv.ts"),
  // The attendance trends' tables as CSV files (issue 37)
  route("members/reports/attendance/export/:table", "routes/members/attendance/trends-csv.ts"),
  route("members/backups/download/:name", "routes/members/backups/backup-download.ts"),
  route("members/backups/upload", "routes/members/backups/backup-upload.ts"),
  // Privacy (issue 23): everything about one person in one file (readable HTML with JSON inside)
  route("members/profile/:id/export", "routes/members/privacy/member-export.ts"),
  route("members/privacy/people/export", "routes/members/privacy/person-export.ts"),
  // Issue 38: the profile's "Pastoral care" card logs and deletes visits and calls here (care:write)
  route("members/profile/:id/visits", "routes/members/people/member-visits.ts"),

  // For search engines
  route("robots.txt", "routes/robots.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
