import { data } from "react-router";

// Any address that matches no page: the root error boundary shows the friendly 404 inside the
// site frame, with the visitor's sign-in state intact.
export function loader() {
  throw data(null, { status: 404 });
}

export function action() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
