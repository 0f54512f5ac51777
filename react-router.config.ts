import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // React Router 8's changes, each decided here so the build says nothing about them. Not yet
  // adopted: middleware changes the load context every route reads, split route modules and the
  // Vite Environment API change the bundles the budgets are measured on, and the request and
  // data-URL changes touch server/react-router-handler.ts (ADR 014). Each is its own step.
  future: {
    v8_middleware: false,
    v8_splitRouteModules: false,
    v8_viteEnvironmentApi: false,
    v8_passThroughRequests: false,
    v8_trailingSlashAwareDataRequests: false,
  },
} satisfies Config;
