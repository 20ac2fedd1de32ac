import { defineProps } from "../shared/props";

/** `target`: the id of the field a scanned code is written to; the rest are texts (`found`: {code}). */
export const BARCODE_SCANNER_PROPS = defineProps("barcode-scanner", {
	target: "",
	start: "",
	stop: "",
	aim: "",
	found: "",
	failed: "",
});
