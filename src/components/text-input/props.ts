import { defineProps } from "../shared/props";

/** The counter's text ({count}, {max}) and the remaining count announced near the limit ({remaining}, {max}). */
export const TEXT_INPUT_PROPS = defineProps("text-input", {
	counter: "{count} / {max}",
	remaining: "{remaining} / {max}",
});
