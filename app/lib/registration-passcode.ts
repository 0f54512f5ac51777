/**
 * The shortest registration passcode (REGISTRATION_PASSCODE or one an administrator sets): it opens
 * the new member form to anyone who has it, and the church hands it round, so it must not be easy
 * to guess.
 */
export const REGISTRATION_PASSCODE_MIN = 8;
