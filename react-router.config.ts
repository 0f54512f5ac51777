import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // React Router 8's changes, each decided here so the build says nothing about them. Middleware
  // is adopted: loaders read the request's facts from the router context
  // (app/server/http/request-context.server.ts). The rest are adopted one step at a time.
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
