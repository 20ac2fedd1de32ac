import type { ReactNode } from "react";

/** Decorative line icons (24 px grid, currentColor); the buttons that hold them carry the label. */
function Icon({ children }: { children: ReactNode }) {
	return (
		<svg
			viewBox="0 0 24 24"
			aria-hidden="true"
			focusable="false"
			fill="none"
			stroke="currentColor"
			strokeWidth="2"
			strokeLinecap="round"
			strokeLinejoin="round"
		>
			{children}
		</svg>
	);
}

export const CloseIcon = () => (
	<Icon>
		<path d="M6 6l12 12M18 6 6 18" />
	</Icon>
);

export const CalendarIcon = () => (
	<Icon>
		<rect x="3.5" y="5" width="17" height="15.5" rx="2" />
		<path d="M3.5 10h17M8 3v4M16 3v4" />
	</Icon>
);

export const ChevronIcon = ({ direction }: { direction: "left" | "right" | "down" }) => (
	<Icon>
		<path d={{ left: "M15 5l-7 7 7 7", right: "M9 5l7 7-7 7", down: "M5 9l7 7 7-7" }[direction]} />
	</Icon>
);

export const PauseIcon = () => (
	<Icon>
		<path d="M9 5v14M15 5v14" />
	</Icon>
);

export const PlayIcon = () => (
	<Icon>
		<path d="M8 5l11 7-11 7z" />
	</Icon>
);

export const ExpandIcon = () => (
	<Icon>
		<path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />
	</Icon>
);
