/**
 * What the logs must never hold. A voucher page's token opens the voucher, a confirmation link's token
 * issues one and an unsubscribe link's stops someone's news, so anyone who reads a log could use them;
 * an e-mail address names a person. Request URLs are logged with those parts replaced (redactUrl), and
 * every line is checked once more for them in any text (redactLine): an error's message may quote a URL,
 * a mail server's reply the recipient.
 */

export const REDACTED = "[redacted]";

/** A query parameter's name shown as sent: a plain word (its value never is). */
const PLAIN_NAME = /^[\w.[\]-]{1,64}$/;

/** A path segment as the router reads it, lower-cased: /vouch%65r/ and /Voucher/ name the same thing. */
function segmentText(segment: string): string {
	try {
		return decodeURIComponent(segment).toLowerCase();
	} catch {
		return segment.replace(/%40/gi, "@").toLowerCase();
	}
}

/**
 * A request's URL as it may be logged: the segment after /voucher/, /register/confirm/ and /unsubscribe/
 * (under any base path or language), any segment holding an e-mail address, and every query value
 * replaced.
 * `/en/voucher/AbC…?utm_source=x` → `/en/voucher/[redacted]?utm_source=[redacted]`.
 */
export function redactUrl(url: string): string {
	const queryStart = url.indexOf("?");
	const segments = (queryStart < 0 ? url : url.slice(0, queryStart)).split("/");
	const texts = segments.map(segmentText);
	const path = segments
		.map((segment, i) => {
			const secret =
				texts[i - 1] === "voucher" ||
				// A voucher's code in the partner API's paths: a till would accept it (src/server/api).
				texts[i - 1] === "vouchers" ||
				texts[i - 1] === "unsubscribe" ||
				(texts[i - 2] === "register" && texts[i - 1] === "confirm") ||
				texts[i]?.includes("@");
			return secret ? REDACTED : segment;
		})
		.join("/");
	return queryStart < 0 ? path : `${path}?${redactQuery(url.slice(queryStart + 1))}`;
}

function redactQuery(query: string): string {
	return query
		.split("&")
		.map((pair) => {
			if (pair === "") return pair;
			const equals = pair.indexOf("=");
			const name = equals < 0 ? pair : pair.slice(0, equals);
			const shown = PLAIN_NAME.test(name) ? name : REDACTED;
			return equals < 0 ? shown : `${shown}=${REDACTED}`;
		})
		.join("&");
}

/** A token after /voucher/, /register/confirm/ or /unsubscribe/, or a code after /vouchers/, in any text. */
const SECRET_PATH = /(\/(?:vouchers?|register\/confirm|unsubscribe)\/)[^\s/?#"'<>\\]+/giu;
/** Anything shaped like an e-mail address, its @ percent-encoded or not (a domain has a dot). */
const EMAIL = /[\p{L}\p{N}._%+'-]+(?:@|%40)[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/giu;
/** Lines that cannot hold either (a request line's URL is redacted already) are passed on unparsed. */
const MAY_HOLD = /@|%40|\/(?:vouchers?|confirm|unsubscribe)\/(?!\[redacted\])/i;

export function redactText(text: string): string {
	return text.replace(SECRET_PATH, `$1${REDACTED}`).replace(EMAIL, REDACTED);
}

/**
 * One log line (pino's JSON and its newline) with the secrets in any of its strings replaced. The line is
 * parsed rather than searched as text so that what is replaced is never half of a JSON escape.
 */
export function redactLine(line: string): string {
	if (!MAY_HOLD.test(line)) return line;
	let entry: unknown;
	try {
		entry = JSON.parse(line);
	} catch {
		return redactText(line);
	}
	return `${JSON.stringify(redactValue(entry))}\n`;
}

function redactValue(value: unknown): unknown {
	if (typeof value === "string") return redactText(value);
	if (Array.isArray(value)) return value.map(redactValue);
	if (typeof value !== "object" || value === null) return value;
	return Object.fromEntries(Object.entries(value).map(([key, item]) => [redactText(key), redactValue(item)]));
}
