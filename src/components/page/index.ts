import type { ComponentDefinition } from "../../browser/component";

/**
 * The page header region: publishes its height as `--header-height` on the root (the CSS keeps
 * fragment targets, find-in-page hits and focused elements out from under the sticky header with it)
 * and marks it `is-scrolled` once the page has scrolled.
 */
export default {
	connect(header, { signal }) {
		const root = document.documentElement;
		// Set only when it changes: an inherited property on the root restyles every element of the page.
		// Whole pixels: the computed value's digits (at a zoom of 110 %, say) would never equal all of ours.
		const measure = new ResizeObserver(() => {
			const height = `${Math.round(header.getBoundingClientRect().height)}px`;
			if (getComputedStyle(root).getPropertyValue("--header-height") !== height)
				root.style.setProperty("--header-height", height);
		});
		measure.observe(header);
		const mark = () => header.classList.toggle("is-scrolled", scrollY > 0);
		addEventListener("scroll", mark, { passive: true, signal });
		mark();
		return () => {
			measure.disconnect();
			root.style.removeProperty("--header-height");
			header.classList.remove("is-scrolled");
		};
	},
} satisfies ComponentDefinition;
