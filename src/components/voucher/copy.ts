/**
 * Copies an element's text: through the Clipboard API, else (no API outside secure contexts, or
 * refused) by selecting the text and asking for the copy command. Resolves whether the text reached
 * the clipboard; either way it is left selected when the API failed, so the user can copy it.
 */
export async function copyText(element: HTMLElement): Promise<boolean> {
	const text = element.textContent ?? "";
	try {
		await navigator.clipboard.writeText(text);
		return true;
	} catch {
		getSelection()?.selectAllChildren(element);
		try {
			// Deprecated, yet the only copy there is where the Clipboard API is not.
			return document.execCommand("copy");
		} catch {
			return false;
		}
	}
}
