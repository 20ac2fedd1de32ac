/** A phone showing the voucher: drawn, so it is crisp at any size and costs no request. */
export function HeroIllustration({ label }: { label: string }) {
	const widths = [2, 1, 3, 1, 2, 2, 1, 3, 1, 1, 2, 3, 1, 2, 1, 3, 2, 1, 1, 2, 3, 1, 2, 1];
	// Each bar starts where the previous one ended, plus a gap.
	const bars: { x: number; width: number }[] = [];
	let x = 88;
	for (const width of widths) {
		bars.push({ x, width: width * 2 });
		x += width * 2 + 3;
	}
	return (
		<svg className="hero__illustration" viewBox="0 0 320 360" role="img" aria-label={label}>
			<circle cx="178" cy="196" r="138" fill="var(--color-surface-alt)" />
			<circle cx="36" cy="64" r="20" fill="none" stroke="var(--color-accent)" strokeWidth="5" />
			<circle cx="36" cy="64" r="7" fill="var(--color-accent)" />
			<rect x="70" y="40" width="180" height="300" rx="26" fill="var(--color-ink)" />
			<rect x="82" y="56" width="156" height="268" rx="16" fill="#fff" />
			<text x="160" y="96" textAnchor="middle" fontSize="18" fontWeight="700" fill="var(--color-ink)">
				Lumen
			</text>
			<text
				x="160"
				y="150"
				textAnchor="middle"
				fontSize="38"
				fontWeight="700"
				fill="var(--color-accent-strong)"
			>
				150 Kč
			</text>
			<g fill="var(--color-ink)">
				{bars.map(({ x, width }) => (
					<rect key={x} x={x} y="182" width={width} height="70" />
				))}
			</g>
			<text x="160" y="278" textAnchor="middle" fontSize="12" letterSpacing="2" fill="var(--color-muted)">
				2 045873 912648
			</text>
		</svg>
	);
}
