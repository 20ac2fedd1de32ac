const MIN_THUMB = 32;

/**
 * The drawn scrollbar: over the native one's reserved space (which CSS makes transparent), synced with
 * the scroll position and draggable. It is decoration for pointer users: aria-hidden and unfocusable,
 * while keyboards and assistive technology keep scrolling the page natively.
 */
export function drawScrollbar(content: Element, signal: AbortSignal): void {
	const root = document.documentElement;
	const bar = document.createElement("div");
	bar.className = "scrollbar";
	bar.setAttribute("aria-hidden", "true");
	const thumb = bar.appendChild(document.createElement("div"));
	thumb.className = "scrollbar__thumb";
	document.body.append(bar);

	let frame = 0;
	let size = 0;
	const range = () => root.scrollHeight - innerHeight;
	const draw = () => {
		frame = 0;
		bar.hidden = range() <= 0;
		size = Math.max((innerHeight * innerHeight) / root.scrollHeight, MIN_THUMB);
		thumb.style.height = `${size}px`;
		thumb.style.transform = `translateY(${(scrollY / range()) * (innerHeight - size) || 0}px)`;
	};
	const schedule = () => {
		frame ||= requestAnimationFrame(draw);
	};
	addEventListener("scroll", schedule, { passive: true, signal });
	const resizes = new ResizeObserver(schedule);
	resizes.observe(root);
	resizes.observe(content);
	draw();

	thumb.addEventListener(
		"pointerdown",
		(down) => {
			if (down.button) return;
			down.preventDefault();
			thumb.setPointerCapture(down.pointerId);
			bar.classList.add("is-dragging");
			const start = scrollY;
			const perPixel = range() / (innerHeight - size);
			const move = (event: PointerEvent) =>
				scrollTo({ top: start + (event.clientY - down.clientY) * perPixel, behavior: "instant" });
			const end = () => {
				bar.classList.remove("is-dragging");
				thumb.removeEventListener("pointermove", move);
			};
			thumb.addEventListener("pointermove", move);
			thumb.addEventListener("lostpointercapture", end, { once: true });
		},
		{ signal },
	);

	signal.addEventListener("abort", () => {
		cancelAnimationFrame(frame);
		resizes.disconnect();
		bar.remove();
	});
}
