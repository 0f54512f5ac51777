import { describe, expect, it } from "vitest";
import { choiceOfFocus, focusOfChoice, FOCUS_VALUES, objectPosition } from "./image-focus";

describe("a picture's focal point", () => {
  it("is drawn as CSS object-position, the centre when there is none", () => {
    expect(objectPosition(30, 12)).toBe("30% 12%");
    expect(objectPosition(null, null)).toBe("50% 50%");
    expect(objectPosition(40, null)).toBe("50% 50%");
    expect(objectPosition(-5, 140)).toBe("0% 100%");
  });

  it("reads the nine positions both ways, and any other point as automatic", () => {
    expect(FOCUS_VALUES).toHaveLength(10);
    for (const value of FOCUS_VALUES.slice(1)) {
      const point = focusOfChoice(value)!;
      expect(choiceOfFocus(point.x, point.y)).toBe(value);
    }
    expect(focusOfChoice("top")).toEqual({ x: 50, y: 0 });
    expect(focusOfChoice("auto")).toBeNull();
    expect(choiceOfFocus(48, 18)).toBe("auto");
    expect(choiceOfFocus(null, null)).toBe("auto");
  });
});
