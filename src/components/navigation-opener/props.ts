import { defineProps } from "../shared/props";

/** `target`: the id of the navigation panel (default: what aria-controls or the link's #id names). */
export const NAVIGATION_OPENER_PROPS = defineProps("navigation-opener", { target: "" });
