import { defineProps } from "../shared/props";

/** `autoplay`: milliseconds per slide, 0 for none; the rest are texts ({index}, {current}, {total}). */
export const CAROUSEL_PROPS = defineProps("advantages-carousel", {
	autoplay: 0,
	goTo: "{index}",
	status: "{current} / {total}",
	pause: "Pause",
	play: "Play",
});
