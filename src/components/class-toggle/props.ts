import { defineProps } from "../shared/props";

/** The class toggled and on what (`target`, a selector; default: what aria-controls names, or itself). */
export const CLASS_TOGGLE_PROPS = defineProps("class-toggle", { class: "is-active", target: "" });
