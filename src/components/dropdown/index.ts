import type { ComponentDefinition } from "../../browser/component";
import { onDismiss } from "../shared/dismiss";
import { part } from "../shared/dom";

/**
 * The disclosure menu on <details>: keeps aria-expanded on its button, moves through the items with
 * the arrow keys, Home and End, and closes on Escape (focus back on the button), on a pointer press
 * outside and when focus leaves it.
 */
export default {
	connect(element, { signal }) {
		if (!(element instanceof HTMLDetailsElement)) throw new TypeError("dropdown must be a <details>");
		const details = element;
		const button = part(details, "summary");
		const menu = part(details, ".dropdown__menu");
		const items = () => [...menu.querySelectorAll<HTMLElement>(".dropdown__item")];
		let dismiss: AbortController | undefined;

		const focusItem = (index: number) => {
			const all = items();
			all.at(index % all.length)?.focus();
		};

		const sync = () => {
			button.setAttribute("aria-expanded", String(details.open));
			if (details.open && !dismiss) {
				dismiss = new AbortController();
				onDismiss(details, dismiss.signal, (reason) => {
					details.open = false;
					if (reason === "escape") button.focus();
				});
			} else if (!details.open) {
				dismiss?.abort();
				dismiss = undefined;
			}
		};

		button.setAttribute("aria-controls", menu.id);
		details.addEventListener("toggle", sync, { signal });
		button.addEventListener(
			"keydown",
			(event) => {
				if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
				event.preventDefault();
				details.open = true;
				sync();
				focusItem(event.key === "ArrowDown" ? 0 : -1);
			},
			{ signal },
		);
		menu.addEventListener(
			"keydown",
			(event) => {
				const index = items().indexOf(document.activeElement as HTMLElement);
				const moves: Record<string, number> = {
					ArrowDown: index + 1,
					ArrowUp: index - 1,
					Home: 0,
					End: -1,
				};
				const target = moves[event.key];
				if (target === undefined) return;
				event.preventDefault();
				focusItem(target);
			},
			{ signal },
		);
		sync();

		return () => {
			dismiss?.abort();
			button.removeAttribute("aria-expanded");
			button.removeAttribute("aria-controls");
		};
	},
} satisfies ComponentDefinition;
