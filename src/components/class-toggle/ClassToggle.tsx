import type { ReactNode } from "react";
import { writeProps } from "../shared/props";
import { CLASS_TOGGLE_PROPS } from "./props";

interface ClassToggleProps {
	/** id of the element whose class is toggled. */
	controls: string;
	/** The class toggled on it (default is-active). */
	className?: string;
	/** pressed: a toggle button (aria-pressed); expanded: a disclosure (aria-expanded). */
	kind?: "pressed" | "expanded";
	active?: boolean;
	children: ReactNode;
}

export function ClassToggle({
	controls,
	className,
	kind = "expanded",
	active = false,
	children,
}: ClassToggleProps) {
	const state = kind === "pressed" ? { "aria-pressed": active } : { "aria-expanded": active };
	return (
		<button
			type="button"
			className="button"
			data-component="class-toggle"
			{...writeProps(CLASS_TOGGLE_PROPS, { class: className })}
			aria-controls={controls}
			{...state}
		>
			{children}
		</button>
	);
}
