import { Voucher } from "./Voucher";

export const title = "Poukázka";

// End of the last valid day, Prague time: vouchers are valid 60 days from registration.
const VALID_UNTIL = new Date("2027-01-21T22:59:59Z");

export default function VoucherGallery() {
	return (
		<>
			<div className="gallery__example">
				<h3>Platná</h3>
				<Voucher
					id="gallery-voucher-issued"
					code="LUMEN-4F7K-92QX"
					validUntil={VALID_UNTIL}
					status="issued"
				/>
			</div>
			<div className="gallery__example">
				<h3>Uplatněná</h3>
				<Voucher
					id="gallery-voucher-redeemed"
					code="LUMEN-8TQ2-H5MC"
					validUntil={VALID_UNTIL}
					status="redeemed"
					redeemedAt={new Date("2026-12-03T13:05:00Z")}
				/>
			</div>
			<div className="gallery__example">
				<h3>Propadlá</h3>
				<Voucher
					id="gallery-voucher-expired"
					code="LUMEN-2WJ9-RB7D"
					validUntil={new Date("2026-03-14T22:59:59Z")}
					status="expired"
				/>
			</div>
			<div className="gallery__example" lang="en">
				<h3>Valid (English)</h3>
				<Voucher
					id="gallery-voucher-en"
					code="LUMEN-6NHV-3KZP"
					validUntil={VALID_UNTIL}
					status="issued"
					lang="en"
				/>
			</div>
		</>
	);
}
