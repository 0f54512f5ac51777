import crypto from "node:crypto";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../../app/routes";
import { expect, test } from "./fixtures";

// The same route-table walk as the integration test, over real HTTP against the built server.
const OPEN = new Set([
  "members/login",
  "members/login/two-factor",
  "members/forms",
  "members/forgot-password",
  "members/set-password",
  "members/confirm-email",
]);

function flatten(entries: RouteConfigEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const path = [parent, entry.path ?? ""].filter(Boolean).join("/");
    return [path, ...flatten(entry.children ?? [], path)];
  });
}

const patterns = flatten(routes as RouteConfigEntry[]).filter(
  (path) => (path === "members" || path.startsWith("members/")) && !OPEN.has(path),
);

for (const pattern of patterns) {
  // The title names the pattern: test titles must be the same in every worker.
  test(`anonymous GET and POST /${pattern} go to the login page`, async ({ request, baseURL }) => {
    const path = "/" + pattern.replace(/:\w+\??/g, () => crypto.randomUUID());
    const get = await request.get(path, { maxRedirects: 0 });
    expect(get.status()).toBe(302);
    expect(get.headers()["location"]).toMatch(/^\/members\/login(\?|$)/);

    const post = await request.post(path, {
      maxRedirects: 0,
      form: { intent: "delete", id: crypto.randomUUID() },
      headers: { origin: baseURL! },
    });
    expect([302, 405]).toContain(post.status());
    if (post.status() === 302) expect(post.headers()["location"]).toMatch(/^\/members\/login(\?|$)/);
  });
}

test("a form sent from another website is refused", async ({ request }) => {
  const response = await request.post("/members/login", {
    maxRedirects: 0,
    form: { username: "x", password: "y" },
    headers: { origin: "https://evil.example" },
  });
  expect(response.status()).toBe(403);
});
