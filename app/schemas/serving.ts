// The limits of the volunteers' forms (serving rosters, issue 36), shared by the pages (their
// fields' maxlength) and the server functions that check them.

/** A decline's reason. */
export const MAX_DECLINE_REASON = 500;
/** The reason given for days away. */
export const MAX_BLOCKOUT_REASON = 200;
