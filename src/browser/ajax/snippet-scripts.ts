/**
 * The kit's: runs the scripts of applied snippets (ajax.ts loads this module when an answer's snippets
 * have any), as Naja runs snippets' scripts, but only those the server marked as its own: a script
 * carrying the page's CSP nonce, or the nonce of the answer's own Content-Security-Policy (a server that
 * makes a nonce per response, as Nette does, renders its snippets' scripts with the answer's). Others
 * stay inert, as markup inserted as HTML is. Scripts of restored history entries ran when they first
 * arrived and do not again.
 */
import type { AppliedSnippet } from "./snippets";

/**
 * @param nonce the page's, read when the runtime started (a snippet's script, once on the page, could
 *   otherwise pass for the page's own)
 */
export function runScripts(applied: AppliedSnippet[], response: Response, nonce: string | undefined): void {
	const policy = response.headers.get("content-security-policy");
	for (const { element } of applied) {
		for (const old of element.querySelectorAll("script")) {
			if (!old.nonce || (old.nonce !== nonce && !policy?.includes(`'nonce-${old.nonce}'`))) continue;
			// Parsed again as a fragment, a script runs once inserted; its nonce attribute was hidden. It
			// takes the page's nonce, which the page's policy allows.
			const script = document.createRange().createContextualFragment(old.outerHTML)
				.firstChild as HTMLScriptElement;
			script.nonce = nonce ?? "";
			old.replaceWith(script);
		}
	}
}
