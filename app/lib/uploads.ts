/** The largest file staff may upload (the form's hint says the same). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const MAX_UPLOAD_LABEL = "10MB";

/** The eLibrary shows these as pictures in its viewer. */
export const IMAGE_EXTENSIONS = ["jpg", "jpeg", "png", "gif", "webp"];

export function isImageFileName(name: string): boolean {
  const extension = name.split(".").pop()?.toLowerCase() ?? "";
  return IMAGE_EXTENSIONS.includes(extension);
}
