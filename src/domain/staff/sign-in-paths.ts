/**
 * Where signing in leads back to: a page of this site, as a path in the sign-in page's language
 * ('/stores?edit'), which `reply.seeOther` puts under the base path and the language. It travels in the
 * sign-in page's address (`?back=`), where anyone can write anything, so only such a path is taken: "/",
 * not followed by another "/", then only the characters of a URL's path and query (RFC 3986). So never
 * one a browser would read as another site's address ('//evil.example', '/\evil.example', 'https://…',
 * '/<tab>/evil.example': browsers drop tabs and line breaks), nor a character a header could not carry.
 */
const BACK = /^\/(?!\/)[\w\-.~!$&'()*+,;=:@/?%]{0,500}$/;

/** `value` if it is a path sign-in may lead back to, else undefined (sign-in leads to /staff). */
export function backPath(value: unknown): string | undefined {
	return typeof value === "string" && BACK.test(value) ? value : undefined;
}

/**
 * The sign-in page's path (in the request's language), leading back to `back` once signed in; with
 * `required`, the page says why the person is there (a page that needs signing in sent them).
 */
export function signInPath(back?: string, required = false): string {
	const query = [back && `back=${encodeURIComponent(back)}`, required && "required"].filter(Boolean);
	return query.length ? `/staff/login?${query.join("&")}` : "/staff/login";
}
