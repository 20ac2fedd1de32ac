import { SMOOTH_SCROLLER_SCROLL_OFFSET } from "../../constants";
import { defineProps } from "../shared/props";

/**
 * The distance kept above the target, px, and the target (`target`, a selector; default: the link's
 * #fragment).
 */
export const SMOOTH_SCROLL_PROPS = defineProps("smooth-scroll", {
	offset: SMOOTH_SCROLLER_SCROLL_OFFSET,
	target: "",
});
