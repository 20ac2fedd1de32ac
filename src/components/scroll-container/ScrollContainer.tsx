import type { ReactNode } from "react";

/** The page's scrolling region (main content and footer), with smooth scrolling where native is not forced. */
export function ScrollContainer({ children }: { children: ReactNode }) {
	return (
		<div className="scroll-container" data-component="scroll-container">
			{children}
		</div>
	);
}
