/** Why a voucher was voided: its holder asked for their data to be erased, or an admin found the terms broken. */
export type VoidReason = "request" | "terms";

/** The stored `voided_because`; null (vouchers voided before it was kept) were all erasures. */
export const voidReasonOf = (stored: string | null): VoidReason => (stored === "terms" ? "terms" : "request");
