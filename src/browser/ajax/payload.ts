/** The JSON an ajax request answers with (docs/markup-contract.md, Ajax), checked at runtime: it crosses a trust boundary. */
export interface Payload {
	snippets: Record<string, string>;
	append: boolean;
	redirect?: string;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
	typeof value === "object" && value !== null && !Array.isArray(value);

/** Returns the payload, or undefined when the answer is not one (the caller treats that as an error). */
export function parsePayload(json: unknown): Payload | undefined {
	if (!isObject(json)) return undefined;
	const { snippets = {}, append = false, redirect } = json;
	if (!isObject(snippets) || !Object.values(snippets).every((html) => typeof html === "string"))
		return undefined;
	if (typeof append !== "boolean") return undefined;
	if (redirect !== undefined && typeof redirect !== "string") return undefined;
	return { snippets: snippets as Record<string, string>, append, redirect };
}
