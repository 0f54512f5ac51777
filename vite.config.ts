import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig(({ isSsrBuild }) => ({
  // The server bundle's entry is our Express app, which imports the React Router build.
  build: isSsrBuild ? { rollupOptions: { input: "./server/app.ts" } } : undefined,
  resolve: { tsconfigPaths: true },
  plugins: [tailwindcss(), reactRouter()],
}));
