/** The names of the antispam fields, shared by the markup and the server that reads them. */
export const ANTISPAM_FIELDS = {
	/** An innocent-looking name that form-filling bots fill in. */
	honeypot: "website",
	timeTrap: "_started",
	altcha: "altcha",
	/**
	 * Sent by a browser that cannot solve the challenge: inside <noscript> (a browser running scripts
	 * never submits it), or added by the component when the challenge failed. It asks for the slower
	 * path without proof of work; it proves nothing, and the server budgets that path on its own.
	 */
	noScript: "_noscript",
} as const;

export type AntispamState = "verifying" | "verified" | "failed";

/** Dispatched by the antispam element (which also keeps `data-state`) whenever its state changes. */
export const ANTISPAM_STATE_EVENT = "antispam:state";
