import type { ReactNode } from "react";

/** The page's scrolling region (main content and footer); `smooth` mounts smooth scrolling on it. */
export function ScrollContainer({ smooth = false, children }: { smooth?: boolean; children: ReactNode }) {
	return (
		<div className="scroll-container" data-component={smooth ? "scroll-container" : undefined}>
			{children}
		</div>
	);
}
