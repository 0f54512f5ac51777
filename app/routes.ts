import { index, route, type RouteConfig } from "@react-router/dev/routes";

// Every URL of the product, in the order of the spec's route tables.
export default [
  // Public
  index("routes/home.tsx"),

  // Members area (each loader and action calls requireStaff)
  route("members/login", "routes/members/login.tsx"),
  route("members/logout", "routes/members/logout.tsx"),
  route("members", "routes/members/dashboard.tsx"),

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
