import type { ReactNode } from "react";
import { writeProps } from "../shared/props";
import { INTERSECTION_GROUP_PROPS } from "./props";

interface IntersectionGroupProps {
	/** The element to render: a list's children reveal one by one. */
	as?: "div" | "ul" | "ol" | "section";
	className?: string;
	/** Delay between two children revealed together, in milliseconds. */
	stagger?: number;
	children: ReactNode;
}

/**
 * A group whose children fade in one after another as they scroll into view. The markup shows them
 * all: only the browser component, once it runs and motion is welcome, hides them until they appear.
 */
export function IntersectionGroup({ as: Tag = "div", className, stagger, children }: IntersectionGroupProps) {
	return (
		<Tag
			className={className ? `intersection-group ${className}` : "intersection-group"}
			data-component="intersection-group"
			{...writeProps(INTERSECTION_GROUP_PROPS, { stagger })}
		>
			{children}
		</Tag>
	);
}
