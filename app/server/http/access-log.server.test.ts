import { describe, expect, it } from "vitest";
import { loggedUrl } from "./access-log.server";

describe("loggedUrl", () => {
  it("leaves out the secrets of signed links, in the query and in the path", () => {
    const token = "AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde";
    expect(loggedUrl(`/members/set-password?token=${token}`)).toBe("/members/set-password?token=[redacted]");
    expect(loggedUrl(`/members/set-password.data?token=${token}&_routes=x`)).toBe(
      "/members/set-password.data?token=[redacted]&_routes=x",
    );
    expect(loggedUrl(`/members/confirm-email?token=${token}`)).toBe(
      "/members/confirm-email?token=[redacted]",
    );
    expect(loggedUrl(`/update-my-details/${token}`)).toBe("/update-my-details/[redacted]");
    expect(loggedUrl(`/update-my-details/${token}.data`)).toBe("/update-my-details/[redacted].data");
    expect(loggedUrl(`/unsubscribe/${token}`)).toBe("/unsubscribe/[redacted]");
    expect(loggedUrl(`/unsubscribe/${token}.data`)).toBe("/unsubscribe/[redacted].data");
    // A volunteer's serving-roster links: an answer (with its choice), their page, an offer, a feed.
    expect(loggedUrl(`/serve/answer/${token}?answer=accept`)).toBe("/serve/answer/[redacted]?answer=accept");
    expect(loggedUrl(`/serve/me/${token}`)).toBe("/serve/me/[redacted]");
    // A group leader's attendance link (issue 37), with the date chosen.
    expect(loggedUrl(`/groups/attendance/${token}?date=2026-11-26`)).toBe(
      "/groups/attendance/[redacted]?date=2026-11-26",
    );
    expect(loggedUrl(`/serve/me/${token}.data`)).toBe("/serve/me/[redacted].data");
    expect(loggedUrl(`/serve/offer/${token}`)).toBe("/serve/offer/[redacted]");
    expect(loggedUrl(`/serve/calendar/${token}.ics`)).toBe("/serve/calendar/[redacted]");
    expect(loggedUrl(`/headcount/${token}`)).toBe("/headcount/[redacted]");
    expect(loggedUrl(`/update-my-details/${token}/my-data?format=json`)).toBe(
      "/update-my-details/[redacted]/my-data?format=json",
    );
    expect(loggedUrl("/events/5b1c/cancel?r=42&s=c2lnbmF0dXJl")).toBe(
      "/events/5b1c/cancel?r=42&s=[redacted]",
    );
    expect(loggedUrl("/members/events/5b1c/check-in?code=CHK-123")).toBe(
      "/members/events/5b1c/check-in?code=[redacted]",
    );
    expect(loggedUrl("/x?SIG=1&Signature=2&%74oken=3")).toBe(
      "/x?SIG=[redacted]&Signature=[redacted]&%74oken=[redacted]",
    );
  });

  it("keeps every other address as it came", () => {
    for (const url of [
      "/",
      "/update-my-details",
      "/serve",
      "/members/details?q=ana&page=2",
      "/media/sermons?series=x",
      "/?token",
    ]) {
      expect(loggedUrl(url)).toBe(url);
    }
  });
});
