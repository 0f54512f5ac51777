import { describe, expect, it } from "vitest";
import { failureDelayMs } from "./sign-in.server";

describe("failureDelayMs", () => {
  it("lets a first typo through at once, then doubles up to two seconds", () => {
    expect([0, 1, 2, 3, 4, 5, 9].map(failureDelayMs)).toEqual([0, 0, 250, 500, 1000, 2000, 2000]);
  });
});
