/**
 * A sender as MAIL_FROM and the e-mail settings screen take it: a plain address, or a name and
 * the address in angle brackets. One line, one address: nothing that could add a header.
 */
export const SENDER_PATTERN = /^([^\r\n<>]*<[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+)$/;

export const SENDER_RULE =
  'must be an address such as office@example.org or "ACTS Church" <office@example.org>';
