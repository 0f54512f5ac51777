import { describe, expect, it } from "vitest";
import {
  attachmentDisposition,
  contentTypeFor,
  downloadName,
  fileExtension,
  fileTitle,
  isImageFile,
} from "./files";

describe("fileTitle", () => {
  it("drops only the last extension", () => {
    expect(fileTitle("Welcome Guide.pdf")).toBe("Welcome Guide");
    expect(fileTitle("Notes v1.2.docx")).toBe("Notes v1.2");
    expect(fileTitle("README")).toBe("README");
    expect(fileTitle(".hidden")).toBe(".hidden");
  });
});

describe("isImageFile", () => {
  it("treats jpg, jpeg, png, gif and webp as images, in any letter case", () => {
    for (const name of ["a.jpg", "a.JPEG", "poster.Png", "x.gif", "y.webp"])
      expect(isImageFile(name)).toBe(true);
    for (const name of ["a.pdf", "a.svg", "png", "a.png.pdf", "a.docx"])
      expect(isImageFile(name)).toBe(false);
  });
});

describe("contentTypeFor", () => {
  it("knows the upload types and falls back to a download", () => {
    expect(fileExtension("A.PDF")).toBe("pdf");
    expect(contentTypeFor("A.PDF")).toBe("application/pdf");
    expect(contentTypeFor("poster.jpg")).toBe("image/jpeg");
    expect(contentTypeFor("plan.xlsx")).toBe(
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    );
    expect(contentTypeFor("page.html")).toBe("application/octet-stream");
    expect(contentTypeFor("noextension")).toBe("application/octet-stream");
  });
});

describe("attachmentDisposition", () => {
  it("keeps a plain name as it is", () => {
    expect(attachmentDisposition("Welcome Guide.pdf")).toBe(
      `attachment; filename="Welcome Guide.pdf"; filename*=UTF-8''Welcome%20Guide.pdf`,
    );
  });
  it("gives an ASCII fallback and the exact UTF-8 name", () => {
    expect(attachmentDisposition("Pagbasa ng Bibliya – Ñino.pdf")).toBe(
      `attachment; filename="Pagbasa ng Bibliya _ Nino.pdf"; filename*=UTF-8''Pagbasa%20ng%20Bibliya%20%E2%80%93%20%C3%91ino.pdf`,
    );
  });
  it("cannot be broken out of by quotes, backslashes or line breaks", () => {
    const header = attachmentDisposition('a"b\\c\r\nSet-Cookie: x.pdf');
    expect(header).not.toMatch(/[\r\n]/);
    expect(header).toContain(`filename="a_b_cSet-Cookie: x.pdf"`);
    expect(header).toContain(`filename*=UTF-8''a%22b%5CcSet-Cookie%3A%20x.pdf`);
    expect(attachmentDisposition("(it's)*.pdf")).toContain(`filename*=UTF-8''%28it%27s%29%2A.pdf`);
  });
  it("never sends an empty name", () => {
    expect(attachmentDisposition("\r\n")).toBe(`attachment; filename="download"; filename*=UTF-8''download`);
  });
});

describe("downloadName", () => {
  it("keeps the uploaded name when its extension matches the checked content", () => {
    expect(downloadName("Welcome Guide.pdf", "1767225600000.pdf")).toBe("Welcome Guide.pdf");
    expect(downloadName("Photo.JPEG", "1767225600000.jpg")).toBe("Photo.JPEG");
  });
  it("takes the checked content's extension instead of the uploader's", () => {
    expect(downloadName("notes.html", "1767225600000.pdf")).toBe("notes.pdf");
    expect(downloadName("slides.pdf.exe", "1767225600000.pptx")).toBe("slides.pdf.pptx");
    expect(downloadName("README", "1767225600000.pdf")).toBe("README.pdf");
  });
});
