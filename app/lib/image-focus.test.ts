import { describe, expect, it } from "vitest";
import { choiceOfFocus, focusOfChoice, FOCUS_VALUES, objectPosition } from "./image-focus";

describe("a picture's focal point", () => {
  it("is drawn as CSS object-position, the centre when there is none", () => {
    expect(objectPosition(30, 12)).toBe("30% 12%");
    expect(objectPosition(null, null)).toBe("50% 50%");
    expect(objectPosition(40, null)).toBe("50% 50%");
    expect(objectPosition(-5, 140)).toBe("0% 100%");
  });

  it("puts the point in the middle of a frame of another shape, as far as the picture reaches", () => {
    const portrait = { width: 1200, height: 1600, frame: 16 / 9 };
    // A 3:4 portrait in a 16:9 frame shows 42% of its height: a face 19% down shows from the top.
    expect(objectPosition(47, 19, portrait)).toBe("47% 0%");
    // A point in the middle of the frame's reach: the middle.
    expect(objectPosition(50, 50, portrait)).toBe("50% 50%");
    // 60% down: the window's middle is at 60%, (0.6 - 0.21) / (1 - 0.42) = 67%.
    expect(objectPosition(50, 60, portrait)).toBe("50% 67%");
    expect(objectPosition(50, 95, portrait)).toBe("50% 100%");
    // A wide panorama in a 16:9 frame is cropped at its sides.
    expect(objectPosition(60, 30, { width: 3000, height: 1000, frame: 16 / 9 })).toBe("75% 30%");
    expect(objectPosition(80, 30, { width: 3000, height: 1000, frame: 16 / 9 })).toBe("100% 30%");
    // A picture of the frame's own shape is not cropped: the point is kept as it is.
    expect(objectPosition(20, 70, { width: 1600, height: 900, frame: 16 / 9 })).toBe("20% 70%");
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
