import type { ReactNode } from "react";
import { writeProps } from "../shared/props";
import { SMOOTH_SCROLL_PROPS } from "./props";

interface SmoothScrollLinkProps {
	/** id of the element to scroll to. */
	to: string;
	/** Distance kept between the target and the top of the viewport, px (default 20). */
	offset?: number;
	className?: string;
	children: ReactNode;
}

/** An in-page link that scrolls smoothly (a plain fragment link without JavaScript). */
export function SmoothScrollLink({ to, offset, className, children }: SmoothScrollLinkProps) {
	return (
		<a
			href={`#${to}`}
			className={className}
			data-component="smooth-scroll"
			{...writeProps(SMOOTH_SCROLL_PROPS, { offset })}
		>
			{children}
		</a>
	);
}
