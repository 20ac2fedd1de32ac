import { defineProps } from "../shared/props";

/**
 * The modal it opens (`target`, an id; default: what aria-controls or the link's #id names), and the URL
 * and snippet id its content is loaded from (none: the modal's content is in the page).
 */
export const MODAL_OPENER_PROPS = defineProps("modal-opener", { target: "", url: "", snippet: "" });
