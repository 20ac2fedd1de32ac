/**
 * Calls `close` when the user presses Escape inside `root`, presses a pointer outside it or tabs out of
 * it — the ways to dismiss a popup (dropdown menu, date picker). Register it when the popup opens with a
 * signal aborted when it closes: a closed popup leaves Escape to others and listens to nothing.
 */
export function onDismiss(
	root: HTMLElement,
	signal: AbortSignal,
	close: (reason: "escape" | "outside") => void,
): void {
	root.addEventListener(
		"keydown",
		(event) => {
			if (event.key !== "Escape" || event.defaultPrevented) return;
			event.preventDefault();
			close("escape");
		},
		{ signal },
	);
	root.addEventListener(
		"focusout",
		(event) => {
			// relatedTarget is null when focus leaves the window or goes to a non-focusable click target.
			if (event.relatedTarget instanceof Node && !root.contains(event.relatedTarget)) close("outside");
		},
		{ signal },
	);
	document.addEventListener(
		"pointerdown",
		(event) => {
			if (!(event.target instanceof Node) || !root.contains(event.target)) close("outside");
		},
		{ signal },
	);
}
