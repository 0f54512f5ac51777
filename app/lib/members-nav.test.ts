import { describe, expect, it } from "vitest";
import { currentItem, MEMBERS_NAV, mayOpen, navigationFor } from "./members-nav";
import { PRESETS, PRESET_KEYS } from "./permissions";

const labels = (groups: ReturnType<typeof navigationFor>) =>
  Object.fromEntries(groups.map((group) => [group.label ?? "", group.items.map((item) => item.label)]));

describe("navigationFor", () => {
  it("shows an editor the content and the website, and nothing of the registry or messages", () => {
    expect(labels(navigationFor(PRESETS.editor))).toEqual({
      "": ["Dashboard"],
      Content: ["Sermons", "Events", "Ministry Videos", "Ministry Images", "Files and eLibrary"],
      Website: ["Website"],
      Settings: ["My Account"],
    });
  });

  it("shows staff the registry and messages, and no content, website or settings of others", () => {
    const groups = labels(navigationFor(PRESETS.staff));
    expect(Object.keys(groups)).toEqual(["", "People", "Care", "Messages", "Settings"]);
    expect(groups.People).toContain("Membership List");
    expect(groups.Care).toEqual(["Follow-ups"]);
    expect(groups.Settings).toEqual(["My Account"]);
  });

  it("shows a ministry head its ministries' people, sign-ups, media and pages, and nothing else", () => {
    // Events belong to no ministry: their registrations are not a ministry head's.
    expect(labels(navigationFor(PRESETS["ministry-head"]))).toEqual({
      "": ["Dashboard"],
      People: ["Membership List", "Ministry Registrations", "Rosters"],
      Messages: ["Announcements"],
      Content: ["Ministry Videos", "Ministry Images"],
      Website: ["Website"],
      Settings: ["My Account"],
    });
  });

  it("shows a pastor the registry to read and the care of people, prayer requests too", () => {
    const groups = labels(navigationFor(PRESETS.pastor));
    expect(groups.Care).toEqual(["Follow-ups", "Prayer requests"]);
    expect(groups.People).toContain("Membership List");
    expect(groups.Messages).toBeUndefined();
  });

  it("shows the prayer team only the prayer requests of the care screens", () => {
    const groups = labels(navigationFor({ levels: { prayer: "view" }, ministryOnly: false }));
    expect(groups.Care).toEqual(["Prayer requests"]);
    expect(groups.People).toBeUndefined();
  });

  it("shows a sermons volunteer the sermons and ministry media only", () => {
    expect(labels(navigationFor({ levels: { sermons: "edit" }, ministryOnly: false }))).toEqual({
      "": ["Dashboard"],
      Content: ["Sermons", "Ministry Videos", "Ministry Images"],
      Settings: ["My Account"],
    });
  });

  it("shows an admin every screen", () => {
    const all = MEMBERS_NAV.flatMap((group) => group.items.map((item) => item.to));
    expect(navigationFor(PRESETS.admin).flatMap((group) => group.items.map((item) => item.to))).toEqual(all);
  });

  it("never offers a screen the role may not open", () => {
    for (const key of PRESET_KEYS) {
      for (const item of navigationFor(PRESETS[key]).flatMap((group) => group.items)) {
        expect(mayOpen(PRESETS[key], item.permission), `${key} ${item.to}`).toBe(true);
      }
    }
  });

  it("shows an account that must finish its set-up only its own account", () => {
    expect(labels(navigationFor(PRESETS.admin, { unfinished: true }))).toEqual({ Settings: ["My Account"] });
  });
});

describe("currentItem", () => {
  const groups = navigationFor(PRESETS.admin);
  it.each([
    ["/members", "Dashboard"],
    ["/members/", "Dashboard"],
    ["/members/details", "Membership List"],
    ["/members/profile/0b8c", "Membership List"],
    ["/members/edit/0b8c", "Membership List"],
    ["/members/deleted", "Recently deleted"],
    ["/members/privacy/people", "Data Requests"],
    ["/members/privacy/people/erase", "Data Requests"],
    ["/members/privacy", "Data retention"],
    ["/members/import", "Import Members"],
    ["/members/import/0b8c", "Import Members"],
    ["/members/messages", "Inbox"],
    ["/members/messages/0b8c", "Inbox"],
    ["/members/messages/outbox", "Outbox"],
    ["/members/site/ministries/amplify", "Website"],
    ["/members/care", "Follow-ups"],
    ["/members/care/", "Follow-ups"],
    ["/members/care/0b8c", "Follow-ups"],
    ["/members/care/workflows/0b8c", "Follow-ups"],
    ["/members/staff/0b8c", "Staff Accounts"],
    ["/members/account/two-factor", "My Account"],
  ])("%s belongs to %s", (path, label) => {
    expect(currentItem(groups, path)?.label).toBe(label);
  });

  it("marks nothing for a page outside the navigation", () => {
    expect(currentItem(groups, "/members/unknown")).toBeUndefined();
  });
});
