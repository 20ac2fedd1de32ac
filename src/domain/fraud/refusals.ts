/**
 * Why the registration form or its e-mailed link gave no voucher, as the admins' fraud watch counts it
 * (src/server/fraud/activity.ts): the first group when the form is sent, the second when the link is
 * opened.
 */
export const SUBMISSION_REFUSALS = [
	"campaign-closed",
	"email-invalid",
	"email-quoted",
	"email-mixed-script",
	"email-disposable",
	"bot-too-fast",
	"bot-expired",
	"bot-unverified",
	"bot-replayed",
	"limit-address",
	"limit-recipient",
	"limit-sender",
	"limit-network",
	"limit-no-script",
] as const;

export type SubmissionRefusal = (typeof SUBMISSION_REFUSALS)[number];

/** A confirmation's refusals, named as the sign-up's outcome: the same person, the campaign closed or sold out. */
export const CONFIRMATION_REFUSALS = ["person", "closed", "sold-out"] as const;

export type ConfirmationRefusal = (typeof CONFIRMATION_REFUSALS)[number];

export type RefusalReason = SubmissionRefusal | ConfirmationRefusal;

export const REFUSAL_REASONS: readonly RefusalReason[] = [...SUBMISSION_REFUSALS, ...CONFIRMATION_REFUSALS];
