import { defineProps } from "../shared/props";

/**
 * Where the ALTCHA widget fetches its challenge and in which language it speaks, or the vendor
 * (turnstile, recaptcha) whose script renders its own widget; the status line's texts.
 */
export const ANTISPAM_PROPS = defineProps("antispam", {
	challengeUrl: "",
	lang: "cs",
	vendor: "",
	siteKey: "",
	script: "",
	checking: "",
	waiting: "",
	verified: "",
	failed: "",
});
