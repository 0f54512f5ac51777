import { describe, expect, it } from "vitest";
import { choiceFor, headRoleKey, labelsOf, memberOptions } from "./member-options";
import { ministries } from "./ministries";

const options = memberOptions(ministries);

describe("member options", () => {
  it("offers every ministry by slug, shown by its name, in the content's order", () => {
    expect(options.ministries).toHaveLength(16);
    expect(options.ministries[1]).toEqual({ value: "amplify", label: "Amplify (Music)" });
    expect(options.ministries.find((choice) => choice.value === "programs")?.label).toBe("Program");
    expect(options.ministries.map((choice) => choice.value)).toEqual(ministries.map((m) => m.slug));
  });

  it("offers the two group roles and one head per ministry, by stable key", () => {
    expect(options.roles.slice(0, 3)).toEqual([
      { value: "sg-leader", label: "SG Leader" },
      { value: "asst-sg-leader", label: "Asst. SG Leader" },
      { value: "head:acts-kids", label: "ACTS Kids Head" },
    ]);
    expect(options.roles).toHaveLength(18);
    expect(options.roles.find((choice) => choice.value === headRoleKey("amplify"))?.label).toBe(
      "Amplify Head",
    );
    expect(options.roles.find((choice) => choice.value === "head:gatekeepers")?.label).toBe(
      "The Gatekeepers Head",
    );
    expect(new Set(options.roles.map((choice) => choice.value)).size).toBe(18);
  });

  it("shows stored keys as names in their order, and a key nothing knows as it is", () => {
    expect(labelsOf(["yadah", "finance", "tee"], options.ministries)).toEqual([
      "Yadah (Dance)",
      "Finance",
      "TEE",
    ]);
    expect(labelsOf(["head:finance", "asst-sg-leader"], options.roles)).toEqual([
      "Finance Head",
      "Asst. SG Leader",
    ]);
    expect(labelsOf(["Old Choir", "head:gone"], options.roles)).toEqual(["Old Choir", "head:gone"]);
    expect(labelsOf([], options.ministries)).toEqual([]);
  });

  it("follows a renamed ministry: the key stays, the name shown is the new one", () => {
    const renamed = memberOptions(
      ministries.map((m) =>
        m.slug === "amplify" ? { ...m, name: "Amplify (Worship)", shortName: "Worship" } : m,
      ),
    );
    expect(labelsOf(["amplify"], renamed.ministries)).toEqual(["Amplify (Worship)"]);
    expect(labelsOf(["head:amplify"], renamed.roles)).toEqual(["Worship Head"]);
  });

  it("finds a choice by its key, or by the name older links used", () => {
    expect(choiceFor("scribes", options.ministries)?.label).toBe("Scribes");
    expect(choiceFor("Amplify (Music)", options.ministries)?.value).toBe("amplify");
    expect(choiceFor("Program", options.ministries)?.value).toBe("programs");
    expect(choiceFor("Nope", options.ministries)).toBeUndefined();
    expect(choiceFor("", options.ministries)).toBeUndefined();
  });
});
