import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

// Every page needs React, React Router and the site frame; left to itself the bundler cuts them
// into a couple of dozen small files, and a phone on mobile data pays a round trip for each.
// These groups keep the browser's first requests to a handful of files. The church's content is
// not among them: it reaches the browser as loader data, never as a module.
const clientChunks = {
  groups: [
    {
      name: "framework",
      test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/,
      priority: 30,
    },
    {
      name: "shell",
      test: /node_modules[\\/](clsx|tailwind-merge|class-variance-authority|lucide-react[\\/]dist[\\/]esm[\\/](?!icons[\\/]))|app[\\/](lib[\\/](utils|toast|nonce|inline-css|site-frame|meta|site-url)|components[\\/](ui[\\/]button|json-ld|site-header|site-footer|church-logo|social-icons|lazy-toaster))/,
      priority: 20,
    },
  ],
};

export default defineConfig({
  environments: {
    client: { build: { rolldownOptions: { output: { codeSplitting: clientChunks } } } },
    // The server bundle's entry is our Express app, which imports the React Router build.
    ssr: { build: { rollupOptions: { input: "./server/app.ts" } } },
  },
  resolve: { tsconfigPaths: true },
  plugins: [tailwindcss(), reactRouter()],
});
