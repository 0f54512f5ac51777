// Placeholder until the sermons part lands (events and sermons issue): not found for now.
export function loader(): Response {
  return new Response("Not Found", { status: 404 });
}
