// Placeholder until the sermon pages land (events and sermons issue): not found for now.
export function loader(): never {
  throw new Response("Not Found", { status: 404 });
}

export default function Placeholder() {
  return null;
}
