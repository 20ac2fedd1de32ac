/** The JSON an ajax request answers with (docs/markup-contract.md, Ajax), checked at runtime: it crosses a trust boundary. */
export interface Payload {
	snippets: Record<string, string>;
	append: boolean;
	redirect?: string;
	/** Truthy: follow `redirect` with a full page load even when it is same-origin (Naja's option). */
	forceRedirect?: unknown;
	/** The address the page stands for now (Naja's `url`): the history entry's, instead of the request's. */
	url?: string;
}

export const sameOrigin = (url: string): boolean => new URL(url, location.href).origin === location.origin;

const isObject = (value: unknown): value is Record<string, unknown> =>
	typeof value === "object" && value !== null && !Array.isArray(value);

/** Returns the payload, or undefined when the answer is not one (the caller treats that as an error). */
export function parsePayload(json: unknown): Payload | undefined {
	if (!isObject(json)) return undefined;
	const { snippets = {}, append = false, redirect, url } = json;
	if (
		!isObject(snippets) ||
		!Object.values(snippets).every((html) => typeof html === "string") ||
		typeof append !== "boolean" ||
		[redirect, url].some((value) => value !== undefined && typeof value !== "string") ||
		// Only a same-origin address can be pushed into the history.
		(url !== undefined && !sameOrigin(url as string))
	)
		return undefined;
	return { ...json, snippets, append } as Payload;
}
