import { describe, expect, it } from "vitest";
import { isFrameHidden } from "./site-frame";

describe("isFrameHidden", () => {
  it("hides the frame on the spec's admin screens", () => {
    for (const path of [
      "/members/forms",
      "/members/edit/123",
      "/members/profile/123",
      "/members/upload",
      "/members/add-sermon",
      "/members/add-ministry-video",
      "/members/update-ministry-image",
      "/members/add-event",
      "/members/ministry-registrations",
      "/members/event-registrations/",
      "/members/messages",
      "/members/messages/123",
    ]) {
      expect(isFrameHidden(path), path).toBe(true);
    }
  });

  it("keeps the frame on public pages, the dashboard, login, list and reports", () => {
    for (const path of [
      "/",
      "/about",
      "/members",
      "/members/login",
      "/members/details",
      "/members/reports",
      "/events/upload",
    ]) {
      expect(isFrameHidden(path), path).toBe(false);
    }
  });
});
