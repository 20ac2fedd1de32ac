import { defineProps } from "../shared/props";

/** The copy button's outcomes, and the service worker that keeps the voucher page offline (none: not kept). */
export const VOUCHER_PROPS = defineProps("voucher", {
	copied: "Copied.",
	selected: "Selected: copy it yourself.",
	worker: "",
});
