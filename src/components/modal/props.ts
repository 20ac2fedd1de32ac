import { defineProps } from "../shared/props";

/** Texts of a modal whose content is loaded: the failure, and the link to the content as a page. */
export const MODAL_PROPS = defineProps("modal", {
	loadError: "The content could not be loaded.",
	openPage: "Open as a page",
});
