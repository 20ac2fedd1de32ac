import type { VoidReason } from "../fraud/void-reason";

/** What redeeming a voucher at a till gives, and the redemptions staff see (src/server/staff/redemption.ts makes them). */
export type RedemptionOutcome =
	| {
			readonly kind: "redeemed";
			readonly code: string;
			/** The redemption's id (the partner API undoes it by this id) and time. */
			readonly redemptionId: string;
			readonly redeemedAt: string;
	  }
	| { readonly kind: "unknown"; readonly code: string }
	| {
			readonly kind: "already-redeemed";
			readonly code: string;
			readonly redeemedAt: string;
			/** Where, never by whom: the till asking may be another store's, and a name is not theirs to know. */
			readonly storeName: string | null;
	  }
	| { readonly kind: "expired"; readonly code: string; readonly validUntil: string }
	/** Cancelled at its holder's request (their data erased): never to be accepted. */
	| { readonly kind: "voided"; readonly code: string; readonly because: VoidReason };

export type Refusal = Exclude<RedemptionOutcome, { kind: "redeemed" }>;

export interface Redemption {
	readonly code: string;
	readonly redeemedAt: string;
	readonly staffName: string | null;
	readonly storeName: string | null;
}

/** Whose redemptions a list shows: a store's, one staff member's (no store), or all (editors). */
export type RedemptionScope = { readonly storeId: string } | { readonly staffId: string } | "all";
