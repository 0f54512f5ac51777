import { describe, expect, it } from "vitest";
import { inboxSearch, readInboxQuery } from "./inbox";

describe("the inbox's filters in its address", () => {
  it("reads the type, the status and the search, anything unknown as the default", () => {
    expect(readInboxQuery(new URLSearchParams("type=event&status=archived&q=%20ana%20"))).toEqual({
      kind: "event",
      status: "archived",
      q: "ana",
    });
    expect(readInboxQuery(new URLSearchParams("type=toString&status=__proto__"))).toEqual({
      kind: "",
      status: "inbox",
      q: "",
    });
  });

  it("writes them back without the defaults, with the page", () => {
    expect(inboxSearch({ kind: "", status: "inbox", q: "" })).toBe("");
    expect(inboxSearch({ kind: "connect", status: "all", q: "a b" }, 2)).toBe(
      "?q=a+b&type=connect&status=all&page=2",
    );
  });
});
