// Starts the website. `node server.js` runs the production build (see `npm start`);
// `node server.js --dev` runs the sources through Vite with hot reload (see `npm run dev`).
const isDev = process.argv.includes("--dev");
process.env.NODE_ENV ??= isDev ? "development" : "production";

if (isDev) {
  const { createServer } = await import("vite");
  const vite = await createServer({ server: { middlewareMode: true } });
  const { run } = await vite.ssrLoadModule("./server/app.ts");
  await run({ vite });
} else {
  const { run } = await import("./build/server/index.js");
  await run();
}
