import type { VoucherStatus } from "./texts";

const PATHS: Record<VoucherStatus, string> = {
	issued: "M5 12.5l4.5 4.5L19 7.5",
	redeemed: "M4 8h16l-1.5 11h-13zM8.5 8a3.5 3.5 0 0 1 7 0",
	expired: "M12 7v5l3 2M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0",
};

/** A tick, a shopping bag or a clock: the status reads by shape as well as by colour and text. */
export function StatusIcon({ status }: { status: VoucherStatus }) {
	return (
		<svg
			className="voucher__status-icon"
			viewBox="0 0 24 24"
			aria-hidden="true"
			focusable="false"
			fill="none"
			stroke="currentColor"
			strokeWidth="2"
			strokeLinecap="round"
			strokeLinejoin="round"
		>
			<path d={PATHS[status]} />
		</svg>
	);
}
