/** How long the link in a confirmation e-mail works. */
export const CONFIRMATION_LIFETIME_HOURS = 48;
export const CONFIRMATION_LIFETIME_MS = CONFIRMATION_LIFETIME_HOURS * 60 * 60 * 1000;
/** The least time between two e-mails for one signup (the resend button's cooldown). */
export const RESEND_COOLDOWN_MS = 60 * 1000;
