/**
 * The kit's: runs the scripts an answer brought in its snippets (ajax.ts loads this module for an
 * answer whose snippets hold any), as Naja runs snippets' scripts, but only those the server marked as
 * its own: a script carrying the page's CSP nonce, or a nonce the answer's own Content-Security-Policy
 * allows scripts by (a server that makes a nonce per response, as Nette does, writes the answer's into
 * its snippets). Others stay inert, as markup inserted as HTML is. Each runs once: only the scripts an
 * answer brought are given (not those a snippet appended to had), and going back runs none.
 */

/** @param scripts those the answer's snippets brought (snippets.ts), in document order */
export default function runScripts(scripts: HTMLScriptElement[], response: Response): void {
	// The page's: of its first `<script nonce>` outside the snippets, so that no snippet's script passes
	// for the page's own. Its attribute reads empty once the page has loaded; the property keeps it.
	const pageNonce = document.querySelector<HTMLScriptElement>(
		"script[nonce]:not([id^='snippet-'] script)",
	)?.nonce;
	const vouched = scriptNonces(response.headers.get("content-security-policy"));
	for (const old of scripts) {
		// Gone already: a newer answer, or a listener, replaced it.
		if (!old.isConnected || !old.nonce || (old.nonce !== pageNonce && !vouched.has(old.nonce))) continue;
		// A script made by script runs once inserted (one inserted as HTML never does). It takes the page's
		// nonce, which the page's policy allows; its own attribute reads empty once hidden.
		const script = document.createElement("script");
		for (const { name, value } of old.attributes) script.setAttribute(name, value);
		script.nonce = pageNonce ?? "";
		script.text = old.textContent ?? "";
		old.replaceWith(script);
	}
}

/**
 * The nonces a policy allows scripts by: those of its `script-src-elem` directive, else `script-src`,
 * else `default-src` (the first a policy has governs `<script>` elements), in any of the policies of
 * the header (several are joined by commas). A nonce in another directive (`style-src`) vouches for
 * no script.
 */
export function scriptNonces(header: string | null): Set<string> {
	const nonces = new Set<string>();
	for (const policy of header?.split(",") ?? []) {
		// A directive given twice counts once, the first time, as browsers read it.
		const directives = new Map<string, string[]>();
		for (const directive of policy.split(";")) {
			const [name = "", ...sources] = directive.trim().split(/\s+/);
			if (!directives.has(name.toLowerCase())) directives.set(name.toLowerCase(), sources);
		}
		const sources =
			directives.get("script-src-elem") ?? directives.get("script-src") ?? directives.get("default-src");
		for (const source of sources ?? []) {
			const nonce = /^'nonce-([^']+)'$/.exec(source)?.[1];
			if (nonce) nonces.add(nonce);
		}
	}
	return nonces;
}
