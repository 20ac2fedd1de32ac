import type { ReactNode } from "react";

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
			data-class-toggle-class={className}
			aria-controls={controls}
			{...state}
		>
			{children}
		</button>
	);
}
