/**
 * The hidden input of a form with a one-time token (server/platform/form-tokens.server.ts): the
 * loader makes the token, the action claims it, and a second post of the same form saves nothing.
 */
export const FORM_TOKEN_FIELD = "formToken";
