import crypto from "node:crypto";
import { createCookie, redirect } from "react-router";
import type { Toast } from "~/lib/toast";
import { services } from "../platform/services.server";

// A one-time message carried across a redirect ("Login Successful!" on the dashboard).
function toastCookie() {
  return createCookie("church.toast", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    maxAge: 60,
    secrets: [services().secret],
  });
}

export async function toastHeader(toast: Omit<Toast, "id">, request: Request): Promise<string> {
  const value: Toast = { id: crypto.randomUUID(), ...toast };
  const header = await toastCookie().serialize(value);
  return new URL(request.url).protocol === "https:" ? `${header}; Secure` : header;
}

/** Reads the pending toast, and the header that removes it so it shows only once. */
export async function takeToast(request: Request): Promise<{ toast: Toast | null; setCookies: string[] }> {
  const cookieHeader = request.headers.get("cookie");
  if (!cookieHeader?.includes("church.toast=")) return { toast: null, setCookies: [] };
  const cookie = toastCookie();
  const value: unknown = await cookie.parse(cookieHeader);
  const clear = await cookie.serialize("", { maxAge: 0 });
  return { toast: isToast(value) ? value : null, setCookies: [clear] };
}

export async function redirectWithToast(
  url: string,
  toast: Omit<Toast, "id">,
  request: Request,
  setCookies: string[] = [],
): Promise<Response> {
  const headers = new Headers();
  for (const cookie of setCookies) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", await toastHeader(toast, request));
  return redirect(url, { headers });
}

function isToast(value: unknown): value is Toast {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as Toast).id === "string" &&
    typeof (value as Toast).title === "string"
  );
}
