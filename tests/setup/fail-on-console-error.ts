import { format } from "node:util";
import { afterEach, beforeEach, expect, vi } from "vitest";

// A console.error during a test is a bug until proven otherwise: the test fails.
let errors: string[] = [];

beforeEach(() => {
  errors = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    errors.push(format(...args));
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  expect(errors, "console.error was called during the test").toEqual([]);
});
