// A person's data (privacy, issues 23 and 33), in four pieces: how rows are matched to a person,
// gathering everything that is theirs, how the screens and the download show it, and finding
// anyone by e-mail or mobile. Screens import from here.
export * from "./person-matching.server";
export * from "./personal-data-gather.server";
export * from "./personal-data-views.server";
export * from "./person-search.server";
