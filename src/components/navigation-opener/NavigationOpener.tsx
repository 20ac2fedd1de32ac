interface NavigationOpenerProps {
	/** The id of the navigation's panel. */
	panel: string;
	label: string;
}

/**
 * The menu button below the medium breakpoint: a link to the panel (which CSS `:target` shows without
 * JavaScript) that the navigation-opener component turns into a button with aria-expanded.
 */
export function NavigationOpener({ panel, label }: NavigationOpenerProps) {
	return (
		<a
			className="navigation-opener"
			href={`#${panel}`}
			aria-controls={panel}
			data-component="navigation-opener"
		>
			<svg className="navigation-opener__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
				<path d="M4 7h16" />
				<path d="M4 12h16" />
				<path d="M4 17h16" />
			</svg>
			<span className="navigation-opener__label">{label}</span>
		</a>
	);
}
