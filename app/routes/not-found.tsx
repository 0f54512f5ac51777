import { data } from "react-router";
import { loadAsDocument } from "~/lib/page-scripts";
import type { Route } from "./+types/not-found";
import { factsOf } from "~/server/http/request-context.server";

// A page without scripts (ADR 013): reached from a React page, it loads as a whole page.
export const clientLoader = loadAsDocument;

// Any address that matches no page: the root error boundary shows the friendly 404 inside the
// site frame, with the visitor's sign-in state intact. A request the server refused before any
// route ran (too large, a NUL byte, a bad Host header, TRACE) arrives here as a stand-in GET and
// gets the same page with its own status and sentence (server/react-router-handler.ts).
export function loader({ context }: Route.LoaderArgs) {
  const { refusal } = factsOf(context);
  if (refusal) throw data(refusal.message, { status: refusal.status });
  throw data(null, { status: 404 });
}

export function action() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
