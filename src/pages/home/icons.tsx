/** Line icons of the home page's advantages: decorative (the text beside them says it all). */
const Icon = ({ children }: { children: React.ReactNode }) => (
	<svg
		viewBox="0 0 48 48"
		width="48"
		height="48"
		fill="none"
		stroke="currentColor"
		strokeWidth="2.5"
		strokeLinecap="round"
		strokeLinejoin="round"
		aria-hidden="true"
		focusable="false"
	>
		{children}
	</svg>
);

export const ADVANTAGE_ICONS = [
	<Icon key="gift">
		<rect x="8" y="18" width="32" height="22" rx="3" />
		<path d="M6 12h36v6H6zM24 12v28M24 12c-4-8-14-6-10 0M24 12c4-8 14-6 10 0" />
	</Icon>,
	<Icon key="store">
		<path d="M8 20l3-10h26l3 10M8 20v18h32V20M8 20c0 4 8 4 8 0 0 4 8 4 8 0 0 4 8 4 8 0 0 4 8 4 8 0" />
		<path d="M20 38V28h8v10" />
	</Icon>,
	<Icon key="calendar">
		<rect x="8" y="10" width="32" height="30" rx="3" />
		<path d="M8 18h32M16 6v8M32 6v8M16 26h4M24 26h4M16 32h4" />
	</Icon>,
	<Icon key="phone">
		<rect x="14" y="4" width="20" height="40" rx="4" />
		<path d="M19 14v14M22 14v14M26 14v14M29 14v14M21 38h6" />
	</Icon>,
	<Icon key="clock">
		<circle cx="24" cy="24" r="17" />
		<path d="M24 14v10l7 5" />
	</Icon>,
];
