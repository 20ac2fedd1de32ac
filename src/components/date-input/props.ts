import { defineProps } from "../shared/props";

/** The language typed dates are read and written in (default: the page's) and the text field's placeholder. */
export const DATE_INPUT_PROPS = defineProps("date-input", { locale: "cs", placeholder: "" });
