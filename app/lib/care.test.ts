import { describe, expect, it } from "vitest";
import { effectiveDue, isOverdue } from "./care";

describe("follow-up dates", () => {
  it("is due on its date, or on the day it is snoozed to when that is later", () => {
    expect(effectiveDue({ dueOn: "2026-11-20", snoozedUntil: null })).toBe("2026-11-20");
    expect(effectiveDue({ dueOn: "2026-11-20", snoozedUntil: "2026-11-25" })).toBe("2026-11-25");
    expect(effectiveDue({ dueOn: "2026-11-20", snoozedUntil: "2026-11-18" })).toBe("2026-11-20");
  });

  it("is overdue from the day after it was due, while it is open or waiting", () => {
    const row = { status: "open", dueOn: "2026-11-20", snoozedUntil: null };
    expect(isOverdue(row, "2026-11-20")).toBe(false);
    expect(isOverdue(row, "2026-11-21")).toBe(true);
    expect(isOverdue({ ...row, status: "waiting" }, "2026-11-21")).toBe(true);
    expect(isOverdue({ ...row, status: "done" }, "2026-11-21")).toBe(false);
    expect(isOverdue({ ...row, status: "no-response" }, "2026-11-21")).toBe(false);
    expect(isOverdue({ ...row, snoozedUntil: "2026-11-22" }, "2026-11-21")).toBe(false);
  });
});
