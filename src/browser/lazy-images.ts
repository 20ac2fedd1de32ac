const SELECTOR = "img[data-src]";

/**
 * Loads `img[data-src]` (with `data-srcset`, `data-sizes`) as it nears the viewport, also in HTML
 * inserted later. Classes: is-lazy while waiting, is-lazy-loading, then is-lazy-loaded. The markup
 * reserves the image's space (width and height attributes) and has a <noscript> copy for no JS.
 */
export function startLazyImages(root: HTMLElement): void {
	const observer = new IntersectionObserver(
		(entries) => {
			for (const { isIntersecting, target } of entries) {
				if (!isIntersecting) continue;
				observer.unobserve(target);
				load(target as HTMLImageElement);
			}
		},
		{ rootMargin: "50% 0px" },
	);
	const watch = (scope: Element) => {
		for (const image of [scope, ...scope.querySelectorAll(SELECTOR)]) {
			if (!image.matches(SELECTOR)) continue;
			image.classList.add("is-lazy");
			observer.observe(image);
		}
	};
	new MutationObserver((records) => {
		for (const record of records) {
			for (const node of record.addedNodes) if (node instanceof Element) watch(node);
		}
	}).observe(root, { childList: true, subtree: true });
	watch(root);
}

function load(image: HTMLImageElement): void {
	const { src, srcset, sizes } = image.dataset;
	image.classList.replace("is-lazy", "is-lazy-loading");
	image.addEventListener("load", () => image.classList.replace("is-lazy-loading", "is-lazy-loaded"), {
		once: true,
	});
	image.addEventListener("error", () => image.classList.remove("is-lazy-loading"), { once: true });
	if (sizes) image.sizes = sizes;
	if (srcset) image.srcset = srcset;
	image.src = src!;
	image.removeAttribute("data-src");
	image.removeAttribute("data-srcset");
}
