/**
 * The kit's: runs the scripts an answer brought in its snippets (ajax.ts loads this module for an
 * answer whose snippets hold any), as Naja runs snippets' scripts, but only those the server marked as
 * its own: a script carrying the page's CSP nonce, or a nonce the answer's own Content-Security-Policy
 * allows scripts by (a server that makes a nonce per response, as Nette does, writes the answer's into
 * its snippets). Others stay inert, as markup inserted as HTML is. Each runs once: not again when a
 * later answer appends to its snippet, nor when going back restores it.
 */
import type { AppliedSnippet } from "./snippets";

/** The scripts this module ran: they carry the page's nonce now, and must not pass for new ones. */
const ran = new WeakSet<Element>();

/**
 * @param nonce the page's, read when the runtime started (a snippet's script, once on the page, could
 *   otherwise pass for the page's own)
 */
export function runScripts(applied: AppliedSnippet[], response: Response, nonce: string | undefined): void {
	const vouched = scriptNonces(response.headers.get("content-security-policy"));
	for (const { element, detail } of applied) {
		// The answer's scripts are the snippet's last ones: appended to, it keeps those it had.
		const all = [...element.querySelectorAll("script")];
		for (const old of all.slice(all.length - scriptCount(detail.html))) {
			// Gone already (a newer answer replaced the snippet), or run.
			if (!old.isConnected || ran.has(old)) continue;
			if (!old.nonce || (old.nonce !== nonce && !vouched.has(old.nonce))) continue;
			// Parsed again as a fragment, a script runs once inserted; its nonce attribute was hidden. It
			// takes the page's nonce, which the page's policy allows.
			const script = document.createRange().createContextualFragment(old.outerHTML)
				.firstChild as HTMLScriptElement;
			script.nonce = nonce ?? "";
			ran.add(script);
			old.replaceWith(script);
		}
	}
}

function scriptCount(html: string): number {
	const template = document.createElement("template");
	template.innerHTML = html;
	return template.content.querySelectorAll("script").length;
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
		const directives = new Map(
			policy.split(";").map((directive) => {
				const [name = "", ...sources] = directive.trim().split(/\s+/);
				return [name.toLowerCase(), sources] as const;
			}),
		);
		const sources =
			directives.get("script-src-elem") ?? directives.get("script-src") ?? directives.get("default-src");
		for (const source of sources ?? []) {
			const nonce = /^'nonce-([^']+)'$/.exec(source)?.[1];
			if (nonce) nonces.add(nonce);
		}
	}
	return nonces;
}
