import { LoaderCircle, Mail, QrCode } from "lucide-react";
import { useEffect } from "react";
import { useFetcher } from "react-router";
import type { ActionResult } from "~/lib/action-result";
import { formatDateTime } from "~/lib/format";
import { showToast } from "~/lib/toast";
import { UPDATE_LINK_DAYS } from "~/schemas/own-details";
import { Button } from "./ui/button";

/** What the profile answers to "Show QR code": the new link, and its QR code drawn on the server. */
export type ShownUpdateLink = ActionResult & { link?: { url: string; qrSvg: string; expiresAt: string } };

/**
 * The profile's "Update link" panel (privacy issue 23): e-mail the member a link to update their
 * own details, or show one as a QR code to scan at church. Each press makes a new single-use link.
 */
export function MemberUpdateLinkPanel({ name, email }: { name: string; email: string }) {
  const sender = useFetcher<ActionResult>({ key: "update-link-send" });
  const shower = useFetcher<ShownUpdateLink>({ key: "update-link-show" });
  const link = shower.state === "idle" ? shower.data?.link : undefined;

  useEffect(() => {
    if (sender.state === "idle" && sender.data)
      showToast({ ...sender.data.toast, id: `update-link-${sender.data.at}` });
  }, [sender.state, sender.data]);
  useEffect(() => {
    if (shower.state === "idle" && shower.data && !shower.data.ok)
      showToast({ ...shower.data.toast, id: `update-link-${shower.data.at}` });
  }, [shower.state, shower.data]);

  return (
    <div className="grid gap-4 wrap-anywhere">
      <p className="text-sm text-muted-foreground">
        {name} can check and correct their contact details, addresses, children and ministries with a link
        that works once, for {UPDATE_LINK_DAYS} days. What they send waits under Members&apos; Updates for you
        to accept.
      </p>
      <div className="flex flex-wrap gap-2">
        <sender.Form method="post">
          <input type="hidden" name="intent" value="send-update-link" />
          <Button type="submit" disabled={sender.state !== "idle"}>
            {sender.state !== "idle" ? (
              <LoaderCircle className="animate-spin" aria-hidden="true" />
            ) : (
              <Mail aria-hidden="true" />
            )}
            E-mail an update link
          </Button>
        </sender.Form>
        <shower.Form method="post">
          <input type="hidden" name="intent" value="show-update-link" />
          <Button type="submit" variant="outline" disabled={shower.state !== "idle"}>
            {shower.state !== "idle" ? (
              <LoaderCircle className="animate-spin" aria-hidden="true" />
            ) : (
              <QrCode aria-hidden="true" />
            )}
            Show QR code
          </Button>
        </shower.Form>
      </div>
      <p className="text-xs text-muted-foreground">The e-mail goes to {email}.</p>
      {link ? (
        <div
          className="grid gap-4 rounded-lg border border-border p-4 sm:grid-cols-[auto_1fr] sm:items-start"
          data-testid="update-link-qr"
        >
          <div
            role="img"
            aria-label={`QR code of ${name}'s update link`}
            className="mx-auto size-52 rounded-lg border border-border bg-white p-1 [&>svg]:size-full"
            // Drawn on the server by the qrcode library from the link's own address.
            dangerouslySetInnerHTML={{ __html: link.qrSvg }}
          />
          <div className="grid min-w-0 gap-2 text-sm">
            <p>
              Let {name} scan this with their phone&apos;s camera. It works once, until{" "}
              {formatDateTime(link.expiresAt)}.
            </p>
            <p className="text-muted-foreground">Or give them the link:</p>
            <p
              className="rounded-md bg-muted px-3 py-2 font-mono text-xs break-all"
              data-testid="update-link-url"
            >
              {link.url}
            </p>
          </div>
        </div>
      ) : null}
    </div>
  );
}
