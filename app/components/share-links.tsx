import { Copy, MessageCircle, Share2 } from "lucide-react";
import { useLocale, useT } from "~/lib/i18n";
import { SocialIcon } from "./social-icons";

/** The address a share link opens: WhatsApp's with the text, Facebook's with the page. */
export function whatsAppShareUrl(text: string, url: string): string {
  return `https://wa.me/?text=${encodeURIComponent(`${text}\n${url}`)}`;
}

export function facebookShareUrl(url: string): string {
  return `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`;
}

const LINK =
  "inline-flex min-h-11 items-center gap-2 rounded-md border border-border bg-background px-3 text-sm font-medium text-navy hover:bg-muted";

/**
 * Share a page: WhatsApp and Facebook as plain links (they work without scripts), and where
 * scripts run, the phone's own share sheet and "Copy link" (the "share" enhancement).
 */
export function ShareLinks({ url, title, text }: { url: string; title: string; text: string }) {
  const t = useT();
  const locale = useLocale();
  const newTab = ` ${t("common.opensInNewTab")}`;
  return (
    <section aria-labelledby="share-heading" data-share data-share-url={url} data-share-title={title}>
      <h2 id="share-heading" className="text-lg font-bold text-navy">
        {t("common.share")}
      </h2>
      <div className="mt-2 flex flex-wrap gap-2">
        <a href={whatsAppShareUrl(text, url)} target="_blank" rel="noopener noreferrer" className={LINK}>
          <MessageCircle className="size-4" aria-hidden="true" />
          WhatsApp<span className="sr-only">{newTab}</span>
        </a>
        <a href={facebookShareUrl(url)} target="_blank" rel="noopener noreferrer" className={LINK}>
          <SocialIcon name="Facebook" className="size-4" />
          Facebook<span className="sr-only">{newTab}</span>
        </a>
        <button
          type="button"
          data-share-copy
          data-copied-label={locale === "en" ? undefined : t("frame.linkCopied")}
          hidden
          className={LINK}
        >
          <Copy className="size-4" aria-hidden="true" />
          {t("common.copyLink")}
        </button>
        <button type="button" data-share-native hidden className={LINK}>
          <Share2 className="size-4" aria-hidden="true" />
          {t("common.more")}
        </button>
      </div>
    </section>
  );
}
