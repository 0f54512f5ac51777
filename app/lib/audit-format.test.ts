import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ACTION_GROUPS, actionInGroup, type ActionGroup } from "./audit-filter";
import { actorName, DESCRIBED_ACTIONS, describeEntry, entrySentence, type AuditRecord } from "./audit-format";
import { valueInWords, type AuditNames } from "./audit-values";

const names: AuditNames = {
  ministries: [
    { value: "tee", label: "TEE" },
    { value: "yadah", label: "Yadah (Dance)" },
  ],
  roles: [
    { value: "sg-leader", label: "SG Leader" },
    { value: "head:yadah", label: "Yadah Head" },
  ],
  sections: { church: "Church details" },
};

function entry(action: string, fields: Partial<AuditRecord> = {}): AuditRecord {
  return {
    id: "00000000-0000-4000-8000-000000000001",
    at: "2026-11-23T12:05:00Z",
    actorId: "00000000-0000-4000-8000-0000000000aa",
    actorLabel: "admin@church.test",
    ip: "10.0.0.1",
    action,
    subjectType: null,
    subjectId: null,
    subjectLabel: null,
    details: {},
    ...fields,
  };
}

const member = (action: string, details: Record<string, unknown> = {}) =>
  entry(action, { subjectType: "member", subjectId: "m1", subjectLabel: "Ana Cruz", details });

const sentence = (record: AuditRecord, maxValueLength?: number) =>
  entrySentence(describeEntry(record, names, { maxValueLength }));

describe("describeEntry", () => {
  it("says which member fields changed, from what to what, with the fields' labels", () => {
    const record = member("member.updated", {
      changes: [
        { field: "mobile", label: "Mobile", from: "3333", to: "4444" },
        { field: "addressBh", label: "Address (Bahrain)", from: null, to: "Road 12, Manama" },
      ],
    });
    expect(describeEntry(record, names)).toEqual({
      summary: "Changed member Ana Cruz",
      changes: [
        { label: "Mobile", from: "3333", to: "4444" },
        { label: "Address (Bahrain)", from: "(empty)", to: "Road 12, Manama" },
      ],
    });
    expect(sentence(record)).toBe(
      "Changed member Ana Cruz: Mobile: 3333 → 4444; Address (Bahrain): (empty) → Road 12, Manama",
    );
  });

  it("reads children, ministries, roles, statuses and dates as a person would", () => {
    const record = member("member.updated", {
      changes: [
        {
          field: "children",
          from: [],
          to: [
            { name: "Ben", birthday: "2020-02-29", gender: "Male" },
            { name: "Mia", birthday: null, gender: "" },
          ],
        },
        { field: "ministryInvolvement", from: ["tee"], to: ["tee", "yadah", "gone"] },
        { field: "ministryRole", from: [], to: ["head:yadah"] },
        { field: "membershipStatus", from: "active", to: "left" },
        { field: "birthday", from: "1990-03-01", to: "1990-03-02" },
      ],
    });
    expect(describeEntry(record, names).changes).toEqual([
      {
        label: "Children Information",
        from: "(empty)",
        to: "Ben (born Sat 29 Feb 2020, Male), Mia",
      },
      { label: "Ministries", from: "TEE", to: "TEE, Yadah (Dance), gone" },
      { label: "Ministry Role", from: "(empty)", to: "Yadah Head" },
      { label: "Membership Status", from: "Active", to: "Left" },
      { label: "Birthday", from: "Thu 1 Mar 1990", to: "Fri 2 Mar 1990" },
    ]);
  });

  it("cuts long values on the screen and keeps them whole for the file", () => {
    const long = "A".repeat(300);
    const record = member("member.updated", { changes: [{ field: "addressPh", from: "", to: long }] });
    const onScreen = describeEntry(record, names, { maxValueLength: 80 }).changes[0]!.to;
    expect(onScreen).toHaveLength(80);
    expect(onScreen.endsWith("…")).toBe(true);
    expect(describeEntry(record, names).changes[0]!.to).toBe(long);
  });

  it("names exports with their report and row count", () => {
    const report = entry("export.report", {
      subjectType: "report",
      subjectId: "active_members",
      subjectLabel: "Active Members",
      details: { report: "active_members", rows: 12 },
    });
    expect(sentence(report)).toBe("Exported the Active Members report (12 rows)");
    expect(
      sentence(
        entry("export.registrations", {
          subjectLabel: "All Ministry Registrations",
          details: { kind: "ministry", rows: 1 },
        }),
      ),
    ).toBe("Exported all ministry registrations (1 row)");
    expect(sentence(entry("export.audit", { details: { rows: 40, complete: false } }))).toBe(
      "Exported the audit log (40 rows, download stopped before the end)",
    );
  });

  it("counts the members of a spreadsheet import and of its undo in one entry each", () => {
    const about = { subjectType: "member-import", subjectId: "i1", subjectLabel: "members.csv" };
    expect(sentence(entry("member.imported", { ...about, details: { imported: 1200, skipped: 3 } }))).toBe(
      "Imported 1,200 members from “members.csv” (3 rows skipped)",
    );
    expect(sentence(entry("member.imported", { ...about, details: { imported: 1, skipped: 0 } }))).toBe(
      "Imported 1 member from “members.csv”",
    );
    expect(sentence(entry("member.import-undone", { ...about, details: { removed: 1199 } }))).toBe(
      "Undid the import of “members.csv”: removed 1,199 members",
    );
  });

  it("tells of an erasure and how much it removed, never whom (privacy, issue 23)", () => {
    const erased = entry("member.erased", {
      subjectType: "member",
      subjectId: "m1",
      subjectLabel: "Erased person",
      details: { removed: { member: 1, consents: 1, eventRegistrations: 2, auditEntries: 4 } },
    });
    expect(sentence(erased)).toBe("Erased a person for good: their member record and 7 linked records");
    expect(sentence(member("member.exported", { format: "html" }))).toBe(
      "Exported the personal data of member Ana Cruz",
    );
  });

  it("says why a sign-in failed, and whose account was tried", () => {
    const failed = entry("auth.sign-in-failed", {
      actorId: null,
      actorLabel: "visitor",
      subjectType: "staff",
      subjectLabel: "admin@church.test",
      details: { reason: "password" },
    });
    expect(sentence(failed)).toBe("Failed sign-in for admin@church.test (wrong password)");
    expect(sentence({ ...failed, details: { reason: "locked-for-address" } })).toBe(
      "Failed sign-in for admin@church.test (too many attempts from this address)",
    );
    expect(sentence(entry("auth.signed-in"))).toBe("Signed in");
  });

  it("reads a role change however its details were written", () => {
    const about = { subjectType: "staff", subjectLabel: "x@church.test" };
    const expected = "Changed role of x@church.test from Editor to Staff";
    expect(
      sentence(entry("staff.role-changed", { ...about, details: { from: "editor", to: "staff" } })),
    ).toBe(expected);
    expect(
      sentence(entry("staff.role-changed", { ...about, details: { previousRole: "editor", role: "staff" } })),
    ).toBe(expected);
    expect(
      describeEntry(
        entry("staff.role-changed", {
          ...about,
          details: { changes: [{ field: "role", from: "editor", to: "staff" }] },
        }),
        names,
      ).summary,
    ).toBe(expected);
  });

  it("names website sections and ministries by today's names", () => {
    const saved = entry("site.saved", {
      subjectType: "section",
      subjectId: "church",
      subjectLabel: "church",
      details: { version: 3, changed: ["name", "phone"] },
    });
    expect(sentence(saved)).toBe("Saved website section “Church details”, version 3 (changed: name, phone)");
    expect(
      sentence(
        entry("site.saved", {
          subjectId: "ministry:yadah",
          subjectLabel: "ministry:yadah",
          details: { version: 2 },
        }),
      ),
    ).toBe("Saved website section “Ministry: Yadah (Dance)”, version 2");
    // A Filipino version (issue 39).
    expect(
      sentence(
        entry("site.saved", { subjectId: "fil:church", subjectLabel: "fil:church", details: { version: 1 } }),
      ),
    ).toBe("Saved website section “Church details (Filipino)”, version 1");
    expect(sentence(entry("site.saved", { subjectId: "fil:ministry:yadah", details: { version: 2 } }))).toBe(
      "Saved website section “Ministry: Yadah (Dance) (Filipino)”, version 2",
    );
    expect(sentence(entry("ministry-image.replaced", { subjectId: "yadah", subjectLabel: "yadah" }))).toBe(
      "Replaced the picture of ministry Yadah (Dance)",
    );
  });

  it("gives content changes with their fields, and an unknown action its name in words", () => {
    const sermon = entry("sermon.updated", {
      subjectType: "sermon",
      subjectLabel: "Grace",
      details: { changes: [{ field: "sermonDate", from: "2026-11-01", to: "2026-11-08" }] },
    });
    expect(sentence(sermon)).toBe("Changed sermon “Grace”: Sermon date: Sun 1 Nov 2026 → Sun 8 Nov 2026");
    expect(sentence(entry("staff.something-new", { subjectLabel: "x@church.test" }))).toBe(
      "Staff: something new, x@church.test",
    );
  });
});

describe("actorName", () => {
  it("is the account's e-mail, or who acted without one", () => {
    expect(actorName({ actorId: "u1", actorLabel: "grace@church.test" })).toBe("grace@church.test");
    expect(actorName({ actorId: null, actorLabel: "visitor" })).toBe("Visitor");
    expect(
      actorName({
        actorId: null,
        actorLabel: "visitor",
        action: "member.exported",
        details: { by: "the member" },
      }),
    ).toBe("Member (update link)");
    expect(
      actorName({ actorId: null, actorLabel: "visitor", action: "member.update-requested", details: {} }),
    ).toBe("Member (update link)");
    expect(actorName({ actorId: null, actorLabel: "system" })).toBe("System");
    expect(actorName({ actorId: null, actorLabel: "console" })).toBe("Console");
    expect(actorName({ actorId: null, actorLabel: "registration-passcode" })).toBe("Registration form");
  });
});

describe("valueInWords", () => {
  it("says yes/no, lists arrays and spells out other objects", () => {
    expect(valueInWords(true)).toBe("yes");
    expect(valueInWords(["a", "b"])).toBe("a, b");
    expect(valueInWords({ connect: true, digest: "daily" })).toBe("Connect: yes, Digest: daily");
    expect(valueInWords(undefined)).toBe("(empty)");
  });
});

// Every action the code writes, read from the code itself: a new action without words or without
// a filter group fails here, so the audit log never shows a raw code or hides an entry from its filters.
function actionsWrittenByTheApp(): string[] {
  const root = path.resolve(__dirname, "..");
  const files = fs
    .readdirSync(root, { recursive: true, encoding: "utf8" })
    .filter((file) => /\.(ts|tsx)$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => fs.readFileSync(path.join(root, file), "utf8"));
  const actions = new Set<string>();
  for (const source of files) {
    for (const call of source.matchAll(/\b(?:logChange|exportAudit)\(/g)) {
      // The call's text up to its closing parenthesis.
      let depth = 0;
      let end = call.index + call[0].length - 1;
      for (; end < source.length; end++) {
        if (source[end] === "(") depth++;
        else if (source[end] === ")" && --depth === 0) break;
      }
      const text = source.slice(call.index, end);
      for (const literal of text.matchAll(/["'`]([a-z][a-z-]*\.(?:[a-z][a-z-]*|\$\{\w+\}))["'`]/g))
        actions.add(literal[1]!);
    }
  }
  return [...actions].sort();
}

describe("the actions the app writes", () => {
  const written = actionsWrittenByTheApp();

  it("are found in the code", () => {
    expect(written).toEqual(
      expect.arrayContaining(["member.updated", "export.report", "auth.sign-in-failed"]),
    );
  });

  it.each(written)("%s has words of its own and a filter group", (action) => {
    // A template (`inbox.${change}`) stands for its described actions with that start.
    const concrete = action.includes("${")
      ? DESCRIBED_ACTIONS.filter((known) => known.startsWith(action.slice(0, action.indexOf("${"))))
      : [action];
    expect(concrete.length).toBeGreaterThan(0);
    for (const one of concrete) {
      expect(DESCRIBED_ACTIONS).toContain(one);
      const groups = (Object.keys(ACTION_GROUPS) as ActionGroup[]).filter((group) =>
        actionInGroup(one, group),
      );
      expect(groups, `${one} belongs to no filter group`).not.toEqual([]);
    }
  });

  it("puts sign-ins, failures and member changes in the groups a person would look in", () => {
    expect(actionInGroup("auth.signed-in", "sign-ins")).toBe(true);
    expect(actionInGroup("auth.sign-in-failed", "failed-sign-ins")).toBe(true);
    expect(actionInGroup("auth.sign-in-failed", "sign-ins")).toBe(false);
    expect(actionInGroup("member.updated", "members")).toBe(true);
    expect(actionInGroup("document.deleted", "uploads-deletions")).toBe(true);
    expect(actionInGroup("export.audit", "exports")).toBe(true);
  });
});
