import { TOUCH_RELEASE_DELAY } from "../constants";

export type InputModeName = "touch" | "mouse";

/** Whether the user is using touch or a mouse now; `<body>` carries `is-touch` or `is-mouse` to match. */
export interface InputMode {
	readonly current: InputModeName;
}

/**
 * Follows Pointer Events: a touch (or pen) switches to touch mode, and a mouse movement switches back
 * once no touch is active. A touch stays active TOUCH_RELEASE_DELAY ms after release, because the
 * mouse events a browser fakes after a tap must not flip the mode (pointer events are not faked, but
 * other scripts and old browsers may synthesise mouse-typed ones).
 */
export function startInputMode(): InputMode {
	let current: InputModeName = matchMedia("(hover: none)").matches ? "touch" : "mouse";
	let touching = false;
	let release: ReturnType<typeof setTimeout> | undefined;
	const show = (mode: InputModeName) => {
		current = mode;
		document.body.classList.toggle("is-touch", mode === "touch");
		document.body.classList.toggle("is-mouse", mode === "mouse");
	};
	const options = { capture: true, passive: true };
	addEventListener(
		"pointerdown",
		(event) => {
			if (event.pointerType === "mouse") return;
			clearTimeout(release);
			touching = true;
			show("touch");
		},
		options,
	);
	const end = (event: PointerEvent) => {
		if (event.pointerType === "mouse") return;
		release = setTimeout(() => {
			touching = false;
		}, TOUCH_RELEASE_DELAY);
	};
	addEventListener("pointerup", end, options);
	addEventListener("pointercancel", end, options);
	addEventListener(
		"pointermove",
		(event) => {
			if (event.pointerType === "mouse" && !touching && current !== "mouse") show("mouse");
		},
		options,
	);
	if (document.body) show(current);
	else document.addEventListener("DOMContentLoaded", () => show(current)); // once per page
	return {
		get current() {
			return current;
		},
	};
}
