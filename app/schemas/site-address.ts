import { z } from "zod";

// The site's address as the office types it on the site address screen and in the first sign-in
// set-up: an absolute http(s) address of the site itself (its origin), nothing after it.

export const SITE_ADDRESS_MAX_LENGTH = 200;

export const siteAddressTexts = {
  empty: "Please enter the website's address, for example https://www.actschurch.bh.",
  tooLong: `The address must be at most ${SITE_ADDRESS_MAX_LENGTH} characters.`,
  invalid: "That is not a web address. Write it in full, for example https://www.actschurch.bh.",
  scheme: "The address must start with https:// (or http://).",
  credentials: "The address must not hold a user name or password.",
  extra:
    "Only the site's own address, without a page, a ? or a #: for example https://www.actschurch.bh, not https://www.actschurch.bh/connect.",
};

/** What the office typed, trimmed, turned into the site's origin ("https://www.actschurch.bh"). */
export const siteAddressSchema = z
  .string({ error: siteAddressTexts.empty })
  .trim()
  .min(1, siteAddressTexts.empty)
  .max(SITE_ADDRESS_MAX_LENGTH, siteAddressTexts.tooLong)
  .transform((value, ctx) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      ctx.addIssue({ code: "custom", message: siteAddressTexts.invalid });
      return z.NEVER;
    }
    if (url.protocol !== "https:" && url.protocol !== "http:") {
      ctx.addIssue({ code: "custom", message: siteAddressTexts.scheme });
      return z.NEVER;
    }
    if (url.username || url.password) {
      ctx.addIssue({ code: "custom", message: siteAddressTexts.credentials });
      return z.NEVER;
    }
    // "https://www.actschurch.bh/" is the site itself; a page, a query or a fragment is not.
    if ((url.pathname !== "/" && url.pathname !== "") || url.search || url.hash || /[?#]$/.test(value)) {
      ctx.addIssue({ code: "custom", message: siteAddressTexts.extra });
      return z.NEVER;
    }
    if (!url.hostname) {
      ctx.addIssue({ code: "custom", message: siteAddressTexts.invalid });
      return z.NEVER;
    }
    return url.origin;
  });

export const siteAddressFormSchema = z.object({ address: siteAddressSchema });
