/**
 * Fetches a modal's content as an ajax request does (docs/markup-contract.md, Ajax) and returns one snippet of the
 * payload. Not services.ajax: that would apply every snippet of the answer to the page, the title too,
 * while this content belongs in the dialog only.
 */
export async function loadSnippet(url: string, snippet: string, signal: AbortSignal): Promise<string> {
	const response = await fetch(url, {
		headers: { "X-Requested-With": "XMLHttpRequest", Accept: "application/json" },
		credentials: "same-origin",
		signal,
	});
	if (!response.ok) throw new Error(`${url} answered ${response.status}`);
	const payload = (await response.json()) as { snippets?: Record<string, unknown> } | null;
	const html = payload?.snippets?.[snippet];
	if (typeof html !== "string") throw new Error(`${url} sent no ${snippet}`);
	return html;
}
