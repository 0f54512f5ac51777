import { index, route, type RouteConfig } from "@react-router/dev/routes";

// Every URL of the product, in the order of the spec's route tables.
export default [
  // Public
  index("routes/home.tsx"),
  route("about", "routes/about/index.tsx"),
  route("about/our-story", "routes/about/our-story.tsx"),
  route("about/what-we-believe", "routes/about/what-we-believe.tsx"),
  route("about/mission-vision", "routes/about/mission-vision.tsx"),
  route("about/our-team", "routes/about/our-team.tsx"),
  route("ministries", "routes/ministries/index.tsx"),
  route("ministries/:slug", "routes/ministries/detail.tsx"),
  route("events", "routes/events/index.tsx"),
  route("events/:id", "routes/events/detail.tsx"),
  route("connect", "routes/connect.tsx"),
  route("media", "routes/media/index.tsx"),
  route("media/sermons", "routes/media/sermons.tsx"),
  route("media/elibrary", "routes/media/elibrary.tsx"),
  route("media/elibrary/:id/download", "routes/media/elibrary-download.ts"),

  // Members area (each loader and action calls requireStaff)
  route("members/login", "routes/members/login.tsx"),
  route("members/logout", "routes/members/logout.tsx"),
  route("members", "routes/members/dashboard.tsx"),
  route("members/forms", "routes/members/forms.tsx"),
  route("members/details", "routes/members/details.tsx"),
  route("members/profile/:id", "routes/members/profile.tsx"),
  route("members/edit/:id", "routes/members/edit.tsx"),
  route("members/reports", "routes/members/reports.tsx"),
  route("members/reports/export/:report", "routes/members/reports-export.ts"),

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
