/**
 * Days a deleted member waits under "Recently deleted", restorable with everything, before being
 * removed for good (the housekeeping does it; screens and the delete question say it).
 */
export const DELETED_MEMBER_DAYS = 30;
