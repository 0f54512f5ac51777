// Placeholder until the eLibrary download is built.
export function loader() {
  throw new Response("Not found", { status: 404 });
}
