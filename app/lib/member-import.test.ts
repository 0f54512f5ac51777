import { describe, expect, it } from "vitest";
import { ministries } from "~/content/ministries";
import {
  checkImportRows,
  guessField,
  guessMapping,
  IMPORT_FIELDS,
  makeRowChecker,
  mappingProblems,
  type ColumnMapping,
} from "./member-import";
import type { ExistingMember } from "./member-import-duplicates";
import { MEMBER_EXPORT_COLUMNS } from "./member-export-columns";
import { looseKey } from "./member-import-cells";

describe("guessing the member field from a column name", () => {
  it.each([
    ["First Name", "firstName"],
    ["first_name", "firstName"],
    ["FIRSTNAME", "firstName"],
    ["Given name", "firstName"],
    ["Middle Name", "middleName"],
    ["Surname", "lastName"],
    ["last_name", "lastName"],
    ["E-mail", "email"],
    ["Email Address", "email"],
    ["Mobile Number", "mobile"],
    ["Phone", "mobile"],
    ["Contact No.", "mobile"],
    ["Cellphone No.", "mobile"],
    ["Cell", "mobile"],
    ["Cell No.", "mobile"],
    ["Cellphone", "mobile"],
    ["Country Code", "countryCode"],
    ["country_code", "countryCode"],
    ["Date of Birth", "birthday"],
    ["DOB", "birthday"],
    ["Birthday", "birthday"],
    ["birth_date", "birthday"],
    ["Water Baptism Date", "waterBaptismDate"],
    ["Sex", "gender"],
    ["Civil Status", "maritalStatus"],
    ["Spouse", "spouseName"],
    ["Anniversary", "weddingAnniversary"],
    ["Ministries", "ministryInvolvement"],
    ["ministry_involvement", "ministryInvolvement"],
    ["Roles", "ministryRole"],
    ["Address (Bahrain)", "addressBh"],
    ["Address (Philippines)", "addressPh"],
    ["SALT Group Name", "saltGroupName"],
    ["Membership Status", "membershipStatus"],
    ["membership_status", "membershipStatus"],
  ])("%s is %s", (header, key) => {
    expect(guessField(header)).toBe(key);
  });

  it.each(["Next Birthday", "Days Away", "Turning", "Next Anniversary", "Years", "Notes", ""])(
    "leaves %s out",
    (header) => {
      expect(guessField(header)).toBeUndefined();
    },
  );

  it("never gives one column name to two fields", () => {
    const seen = new Map<string, string>();
    for (const item of IMPORT_FIELDS) {
      for (const alias of item.aliases) {
        const key = looseKey(alias);
        const owner = seen.get(key);
        expect(owner === undefined || owner === item.key, `${alias}: ${owner} and ${item.key}`).toBe(true);
        seen.set(key, item.key);
      }
    }
  });

  it("maps every column of the site's own member exports without choosing by hand", () => {
    // app/routes/members/people/report-csv.ts: active_members.csv, birthdays.csv, anniversaries.csv, {ministry}_members.csv
    expect(guessMapping(MEMBER_EXPORT_COLUMNS.activeMembers)).toEqual({
      0: "fullName",
      1: "email",
      2: "mobile",
      3: "churchPosition",
      4: "ministryInvolvement",
      5: "ministryRole",
      6: "membershipStatus",
    });
    expect(guessMapping(MEMBER_EXPORT_COLUMNS.birthdays)).toEqual({
      0: "fullName",
      1: "email",
      2: "mobile",
      3: "birthday",
    });
    expect(guessMapping(MEMBER_EXPORT_COLUMNS.anniversaries)).toEqual({
      0: "fullName",
      1: "spouseName",
      2: "email",
      3: "mobile",
      4: "weddingAnniversary",
    });
    expect(guessMapping(MEMBER_EXPORT_COLUMNS.ministryMembers)).toEqual({
      0: "fullName",
      1: "email",
      2: "mobile",
      3: "ministryRole",
      4: "membershipStatus",
    });
  });

  it("gives each field to the first column naming it, and drops a full name beside first and last", () => {
    expect(guessMapping(["Name", "First Name", "Last Name", "Phone", "Mobile"])).toEqual({
      1: "firstName",
      2: "lastName",
      3: "mobile",
    });
  });
});

describe("mappingProblems", () => {
  const headers = ["First", "Last", "Mail", "Mail 2", "Phone", "Name"];
  it("stops an import that fills a field twice, or a full name and its parts", () => {
    const mapping: ColumnMapping = { 0: "firstName", 1: "lastName", 2: "email", 3: "email", 4: "mobile" };
    expect(mappingProblems(mapping, headers).blocking).toEqual([
      "Email is chosen for 2 columns (“Mail”, “Mail 2”).",
    ]);
    expect(mappingProblems({ 0: "firstName", 5: "fullName" }, headers).blocking).toHaveLength(1);
  });

  it("names the required fields no column fills", () => {
    expect(mappingProblems({ 5: "fullName" }, headers)).toEqual({
      blocking: [],
      missing: ["Email", "Mobile"],
    });
    expect(mappingProblems({}, headers).missing).toEqual(["First Name", "Last Name", "Email", "Mobile"]);
  });
});

describe("checking a row", () => {
  const checkRow = makeRowChecker(ministries);
  const headers = [
    "First Name",
    "Last Name",
    "E-mail",
    "Mobile",
    "DOB",
    "Ministries",
    "Status",
    "Gender",
    "Roles",
    "Spouse",
  ];
  const mapping = guessMapping(headers);
  const row = (cells: Partial<Record<(typeof headers)[number], string>>) =>
    headers.map((header) => cells[header] ?? "");
  const good = {
    "First Name": "Ana",
    "Last Name": "Cruz",
    "E-mail": "ana@example.org",
    Mobile: "+973 3333 4444",
  };

  it("reads a good row as the member the registration form would save", () => {
    const checked = checkRow(
      row({
        ...good,
        DOB: "3 Oct 1990",
        Ministries: "Amplify, yadah (dance); TEE",
        Status: "Inactive",
        Gender: "f",
        Roles: "SG Leader, Amplify Head",
      }),
      mapping,
      2,
    );
    expect(checked.problems).toEqual([]);
    expect(checked.member).toMatchObject({
      firstName: "Ana",
      lastName: "Cruz",
      middleName: null,
      email: "ana@example.org",
      countryCode: "+973",
      mobile: "3333 4444",
      birthday: "1990-10-03",
      ministryInvolvement: ["amplify", "yadah", "tee"],
      ministryRole: ["sg-leader", "head:amplify"],
      membershipStatus: "inactive",
      churchPosition: "Member",
      gender: "Female",
      children: [],
    });
  });

  it("makes a member with a spouse but no marital status married, so the spouse is kept", () => {
    const checked = checkRow(row({ ...good, Spouse: "Ben Cruz" }), mapping, 2);
    expect(checked.member).toMatchObject({ maritalStatus: "Married", spouseName: "Ben Cruz" });
  });

  it("names every problem of a row by field", () => {
    const checked = checkRow(
      row({
        "E-mail": "ana@",
        DOB: "31/02/1990",
        Ministries: "Amplify, Choir",
        Status: "Visitor",
        Roles: "Choir Head",
      }),
      mapping,
      7,
    );
    expect(checked.member).toBeNull();
    expect(checked.row).toBe(7);
    expect(checked.problems).toEqual(
      expect.arrayContaining([
        { field: "firstName", message: "First name is required." },
        { field: "lastName", message: "Last name is required." },
        { field: "email", message: "Please enter a valid email address." },
        { field: "mobile", message: "Mobile number is required." },
        {
          field: "birthday",
          message: "Birthday: “31/02/1990” is not a real date. Left empty.",
          leftEmpty: true,
        },
        { field: "ministryInvolvement", message: "Unknown ministry “Choir”: left out.", leftEmpty: true },
        {
          field: "membershipStatus",
          message:
            "Unknown membership status “Visitor”: use Active, Inactive, Left or Transferred. Left empty, so Active.",
          leftEmpty: true,
        },
        { field: "ministryRole", message: "Unknown ministry role “Choir Head”: left out.", leftEmpty: true },
      ]),
    );
    expect(checked.problems).toHaveLength(8);
  });

  it("imports a row with an optional detail it cannot read left empty, and names the detail", () => {
    const checked = checkRow(
      row({
        ...good,
        DOB: "n/a",
        Ministries: "Amplify, Choir",
        Status: "Visitor",
        Gender: "Other",
        Roles: "Choir Head, SG Leader",
      }),
      mapping,
      4,
    );
    expect(checked.member).toMatchObject({
      firstName: "Ana",
      email: "ana@example.org",
      birthday: null,
      ministryInvolvement: ["amplify"],
      ministryRole: ["sg-leader"],
      membershipStatus: "active",
      gender: null,
    });
    expect(checked.problems.map((item) => [item.field, item.leftEmpty])).toEqual([
      ["gender", true],
      ["membershipStatus", true],
      ["birthday", true],
      ["ministryInvolvement", true],
      ["ministryRole", true],
    ]);
    expect(checked.unknownMinistries).toEqual(["Choir"]);

    // An optional text the form refuses (too long) is left empty too.
    const nickname = checkRow([...row(good), "N".repeat(81)], { ...mapping, 10: "nickname" }, 5);
    expect(nickname.member).toMatchObject({ firstName: "Ana", nickname: null });
    expect(nickname.problems).toEqual([
      { field: "nickname", message: "Nickname must be at most 80 characters. Left empty.", leftEmpty: true },
    ]);
  });

  it("skips a row only for a required detail: a name, the e-mail, the mobile and its country code", () => {
    const noEmail = checkRow(row({ ...good, "E-mail": "", DOB: "n/a" }), mapping, 2);
    expect(noEmail.member).toBeNull();
    expect(noEmail.problems).toEqual([
      { field: "birthday", message: expect.stringContaining("Left empty."), leftEmpty: true },
      { field: "email", message: "Email is required." },
    ]);
    const withCode = guessMapping(["First Name", "Last Name", "Email", "Mobile", "Country Code"]);
    const unknownCode = checkRow(["Ana", "Cruz", "ana@example.org", "33334444", "+1"], withCode, 3);
    expect(unknownCode.member).toBeNull();
    expect(unknownCode.problems).toEqual([
      { field: "countryCode", message: "Unknown country code “+1”: use +973 or +63." },
    ]);
  });

  it("puts an unknown ministry where staff chose, and ignores a choice of no ministry of ours", () => {
    const choosing = makeRowChecker(ministries, { choir: "amplify", dance: "no-such-ministry" });
    const checked = choosing(row({ ...good, Ministries: "choir, TEE, Dance" }), mapping, 2);
    expect(checked.member?.ministryInvolvement).toEqual(["amplify", "tee"]);
    expect(checked.problems).toEqual([
      { field: "ministryInvolvement", message: "Unknown ministry “Dance”: left out.", leftEmpty: true },
    ]);
    expect(checked.unknownMinistries).toEqual(["Dance"]);
  });

  it("says which way a date could not be read", () => {
    const month = checkRow(row({ ...good, DOB: "10/25/1990" }), mapping, 2);
    expect(month.problems[0]?.message).toMatch(/month first/);
    const words = checkRow(row({ ...good, DOB: "soon" }), mapping, 2);
    expect(words.problems[0]).toEqual({
      field: "birthday",
      message:
        "Birthday: “soon” is not a date we can read; write it as DD/MM/YYYY, YYYY-MM-DD or 3 Oct 1990. Left empty.",
      leftEmpty: true,
    });
  });

  it("splits a full name and a mobile with its code, as the site's export writes them", () => {
    const exportMapping = guessMapping(["Name", "Email", "Mobile", "Status"]);
    const checked = checkRow(
      ["Ana Maria Cruz", "ana@example.org", "+63 9171234567", "active"],
      exportMapping,
      2,
    );
    expect(checked.member).toMatchObject({
      firstName: "Ana",
      middleName: "Maria",
      lastName: "Cruz",
      countryCode: "+63",
      mobile: "9171234567",
      membershipStatus: "active",
    });
    const oneWord = checkRow(["Ana", "ana@example.org", "33334444", ""], exportMapping, 3);
    expect(oneWord.problems).toEqual([{ field: "fullName", message: "Last name is required." }]);
  });

  it("applies the form's limits (a name of 81 letters is too long)", () => {
    const checked = checkRow(row({ ...good, "First Name": "A".repeat(81) }), mapping, 2);
    expect(checked.problems).toEqual([
      { field: "firstName", message: "First name must be at most 80 characters." },
    ]);
  });
});

describe("checkImportRows", () => {
  const mapping = guessMapping(["First Name", "Last Name", "Email", "Mobile", "Birthday"]);
  const existing: ExistingMember[] = [
    {
      id: "m-1",
      firstName: "Ana",
      middleName: null,
      lastName: "Cruz",
      email: "Ana@Example.org",
      countryCode: "+973",
      mobile: "33334444",
      birthday: "1990-10-03",
    },
  ];

  it("finds repeats of live members and of earlier rows, skips empty rows, and counts", () => {
    const sheet = [
      ["Ana", "Cruz", "ana@example.org", "39990000", ""], // row 2: same e-mail as Ana
      ["Ann", "Cruz", "ann@example.org", "3333 4444", ""], // row 3: same mobile as Ana
      ["ana", "cruz", "other@example.org", "39990001", "03/10/1990"], // row 4: same name and birthday
      ["", "", "", "", ""], // row 5: empty
      ["Ben", "Reyes", "ben@example.org", "39990002", ""], // row 6: ready
      ["Benjamin", "Reyes", "BEN@example.org", "39990003", ""], // row 7: same e-mail as row 6
      ["Bad", "", "bad@example.org", "39990002", ""], // row 8: problems (so it is no "earlier row")
      ["Carl", "Diaz", "carl@example.org", "39990004", ""], // row 9: ready
    ];
    const result = checkImportRows(sheet, mapping, ministries, existing);
    expect(result).toMatchObject({
      total: 7,
      ready: 2,
      withEmptyCells: 0,
      skipped: 5,
      unknownMinistries: [],
    });
    const byRow = new Map(result.rows.map((row) => [row.row, row]));
    expect(byRow.has(5)).toBe(false);
    expect(byRow.get(2)!.problems).toEqual([
      {
        field: "email",
        message: "Same e-mail as Ana Cruz, already a member.",
        existingMember: { id: "m-1", name: "Ana Cruz" },
      },
    ]);
    expect(byRow.get(3)!.problems[0]).toMatchObject({
      field: "mobile",
      message: "Same mobile number as Ana Cruz, already a member.",
    });
    expect(byRow.get(4)!.problems[0]).toMatchObject({
      field: null,
      message: "Same name and birthday as Ana Cruz, already a member.",
    });
    expect(byRow.get(6)!.member).not.toBeNull();
    expect(byRow.get(7)!.problems).toEqual([{ field: "email", message: "Same e-mail as row 6." }]);
    expect(byRow.get(8)!.problems).toEqual([{ field: "lastName", message: "Last name is required." }]);
    expect(byRow.get(9)!.member).not.toBeNull();
  });

  it("still finds a repeat in a row with a detail left empty, and lists the unknown ministries once", () => {
    const withMinistries = guessMapping([
      "First Name",
      "Last Name",
      "Email",
      "Mobile",
      "Birthday",
      "Ministries",
    ]);
    const sheet = [
      ["Dan", "Lim", "dan@example.org", "39990010", "n/a", "Choir"], // row 2: ready, two details left empty
      ["Dina", "Lim", "dan@example.org", "39990011", "", "choir, Ushers"], // row 3: same e-mail as row 2
      ["Eli", "Tan", "eli@example.org", "39990012", "", "Ushers"], // row 4: ready
    ];
    const result = checkImportRows(sheet, withMinistries, ministries, existing);
    expect(result).toMatchObject({ total: 3, ready: 2, withEmptyCells: 2, skipped: 1 });
    expect(result.rows[1]!.member).toBeNull();
    expect(result.rows[1]!.problems).toContainEqual({ field: "email", message: "Same e-mail as row 2." });
    expect(result.unknownMinistries).toEqual([
      { name: "Choir", key: "choir", rows: 2 },
      { name: "Ushers", key: "ushers", rows: 2 },
    ]);
    const chosen = checkImportRows(sheet, withMinistries, ministries, existing, { choir: "amplify" });
    expect(chosen.rows[0]!.member?.ministryInvolvement).toEqual(["amplify"]);
    expect(chosen.unknownMinistries.map((item) => item.key)).toEqual(["ushers"]);
  });
});
