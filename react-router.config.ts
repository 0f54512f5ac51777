import type { Config } from "@react-router/dev/config";

// React Router 8: middleware, split route modules, Vite's environment API, pass-through requests
// and trailing-slash-aware data requests are its defaults (adopted under 7's future flags first).
export default {
  ssr: true,
} satisfies Config;
