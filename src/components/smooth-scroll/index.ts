import type { ComponentDefinition } from "../../browser/component";
import { parseProps } from "../shared/props";
import { SMOOTH_SCROLL_PROPS } from "./props";

/**
 * A link (or button) that scrolls smoothly to its target: `data-smooth-scroll-target` (a selector),
 * else the link's #fragment. The target lands SMOOTH_SCROLLER_SCROLL_OFFSET px below the top (or
 * `data-smooth-scroll-offset`) and takes focus; the address gets the fragment, as a plain link would.
 */
export default {
	connect(element, { props, signal, services }) {
		const hash = element instanceof HTMLAnchorElement ? element.hash : "";
		const { offset, target: selector } = parseProps(SMOOTH_SCROLL_PROPS, props, {
			target: hash && `#${CSS.escape(decodeURIComponent(hash.slice(1)))}`,
		});
		element.addEventListener(
			"click",
			(event) => {
				const target = selector ? document.querySelector(selector) : null;
				if (!target || !services.plainClick(event)) return;
				event.preventDefault();
				if (hash && hash !== location.hash) history.pushState(history.state, "", hash);
				services.scroll.navigateTo(target, offset);
			},
			{ signal },
		);
	},
} satisfies ComponentDefinition;
