import { describe, expect, it, vi } from "vitest";
import { refusalFor } from "./action-result.server";
import { AppError } from "./errors.server";

const options = { title: "Submission Failed", what: "Saving a test", fallback: "Please try again." };

describe("refusalFor", () => {
  it("answers an AppError with its status, message, title and field, and keeps what was typed", () => {
    const answer = refusalFor(new AppError("That event is full.", 409, { field: "name", title: "Full" }), {
      ...options,
      values: { name: "Ana" },
    });
    expect(answer.init?.status).toBe(409);
    expect(answer.data).toMatchObject({
      ok: false,
      toast: { title: "Full", description: "That event is full.", variant: "destructive" },
      fieldErrors: { name: "That event is full." },
      values: { name: "Ana" },
    });
  });

  it("answers any other error with 500 and the screen's own message, and logs it", () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const answer = refusalFor(new Error("connection refused"), options);
    expect(answer.init?.status).toBe(500);
    expect(answer.data.toast).toEqual({
      title: "Submission Failed",
      description: "Please try again.",
      variant: "destructive",
    });
    expect(answer.data.toast.description).not.toContain("connection refused");
    expect(logged).toHaveBeenCalledWith("Saving a test failed:", expect.any(Error));
    logged.mockClear();
  });
});
