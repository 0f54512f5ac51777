import { describe, expect, it } from "vitest";
import { documentDetailsFormSchema, documentDetailsSchema } from "./document-details";

describe("documentDetailsSchema", () => {
  it("stores empty texts as null and tidies what was typed", () => {
    expect(documentDetailsSchema.parse({ title: "   ", description: "\r\n ", category: "elibrary" })).toEqual(
      {
        title: null,
        description: null,
        category: "elibrary",
      },
    );
    expect(
      documentDetailsSchema.parse({
        title: " A\ttitle\r\non two lines\u0007 ",
        description: "One  \r\ntwo\r\n\r\n\r\n\r\nthree\u0000",
        category: "gospel-track",
      }),
    ).toEqual({ title: "A title on two lines", description: "One\ntwo\n\nthree", category: "gospel-track" });
  });

  it("counts a line break once, as the browser's limit does", () => {
    const text = Array.from({ length: 500 }, () => "a").join("\r\n");
    expect(text.length).toBe(1498);
    expect(documentDetailsSchema.safeParse({ description: text, category: "elibrary" }).success).toBe(true);
  });

  it("names each field's problem", () => {
    const result = documentDetailsFormSchema.safeParse({
      id: "",
      version: "x",
      title: "t".repeat(151),
      description: "d".repeat(1001),
      category: "<script>",
    });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["title", "The title must be at most 150 characters."],
      ["description", "The description must be at most 1000 characters."],
      ["category", "Please choose a category."],
      ["id", "The form could not be read."],
      ["version", "The form could not be read."],
    ]);
  });
});
