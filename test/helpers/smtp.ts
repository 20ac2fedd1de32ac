import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/** A message as the SMTP server received it, with what a reader of it sees. */
export interface ReceivedMail {
	/** The envelope: MAIL FROM and RCPT TO, as the sender gave them. */
	readonly envelope: { readonly from: string; readonly to: readonly string[] };
	/** Header fields by lower-case name, unfolded, encoded words decoded. */
	readonly headers: ReadonlyMap<string, string>;
	readonly subject: string;
	/** The text/plain part, decoded, with \n line ends. */
	readonly text: string;
	/** The text/html part, decoded, if there is one. */
	readonly html: string | undefined;
	/** The parts an HTML part shows by Content-ID (inline images), by that id without its brackets. */
	readonly inline: ReadonlyMap<string, { readonly type: string; readonly content: Buffer }>;
	/** The message as it arrived. */
	readonly raw: string;
}

export interface TestSmtp {
	/** smtp://127.0.0.1:<port>, for SMTP_URL. */
	readonly url: string;
	/** The messages to `recipient` (in the order they arrived), once there are at least `count` of them. */
	mailsTo(recipient: string, count?: number, timeoutMs?: number): Promise<ReceivedMail[]>;
	close(): Promise<void>;
}

/**
 * A real SMTP server (the smtp-server package, plain text: no STARTTLS, no AUTH) on 127.0.0.1 that keeps
 * every message it accepts. `port` 0 picks a free one; a given port lets a test start it late, after the
 * site has already failed to reach it. `refuseFirst` messages are refused with a temporary error (451),
 * as a mail server under load answers, before any is kept.
 */
export async function startSmtp(port = 0, { refuseFirst = 0 } = {}): Promise<TestSmtp> {
	const mails: ReceivedMail[] = [];
	let toRefuse = refuseFirst;
	const server = new SMTPServer({
		authOptional: true,
		disabledCommands: ["AUTH", "STARTTLS"],
		logger: false,
		onData(stream, session, callback) {
			const chunks: Buffer[] = [];
			stream.on("data", (chunk: Buffer) => chunks.push(chunk));
			stream.on("end", () => {
				if (toRefuse > 0) {
					toRefuse--;
					callback(Object.assign(new Error("Try again later"), { responseCode: 451 }));
					return;
				}
				const raw = Buffer.concat(chunks).toString("utf8");
				const { mailFrom, rcptTo } = session.envelope;
				mails.push(
					readMail(raw, {
						from: mailFrom ? mailFrom.address : "",
						to: rcptTo.map((recipient) => recipient.address),
					}),
				);
				callback();
			});
		},
	});
	await new Promise<void>((resolve, reject) => {
		server.server.once("error", reject);
		server.listen(port, "127.0.0.1", () => resolve());
	});
	return {
		url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
		async mailsTo(recipient, count = 1, timeoutMs = 10_000) {
			const to = () => mails.filter((mail) => mail.envelope.to.includes(recipient));
			for (const deadline = Date.now() + timeoutMs; to().length < count; ) {
				if (Date.now() > deadline) {
					throw new Error(`${to().length} of ${count} e-mails to ${recipient} arrived in ${timeoutMs} ms`);
				}
				await new Promise((resolve) => setTimeout(resolve, 50));
			}
			return to();
		},
		close: () => new Promise((resolve) => server.close(() => resolve())),
	};
}

interface MimePart {
	readonly headers: Map<string, string>;
	readonly body: string;
}

/**
 * Just enough MIME for the site's e-mails (mailparser is not a dependency): header fields with RFC 2047
 * encoded words, multipart bodies, quoted-printable and base64 parts in UTF-8.
 */
function readMail(raw: string, envelope: ReceivedMail["envelope"]): ReceivedMail {
	const message = splitPart(raw);
	const leaves = leafParts(message);
	const ofType = (type: string) => {
		const part = leaves.find((leaf) => contentType(leaf).type === type);
		return part && decodeBody(part);
	};
	return {
		envelope,
		headers: message.headers,
		subject: message.headers.get("subject") ?? "",
		text: ofType("text/plain") ?? "",
		html: ofType("text/html"),
		inline: new Map(
			leaves.flatMap((leaf) => {
				const id = leaf.headers.get("content-id")?.replace(/^<|>$/g, "");
				return id ? [[id, { type: contentType(leaf).type, content: decodeBytes(leaf) }] as const] : [];
			}),
		),
		raw,
	};
}

function splitPart(text: string): MimePart {
	const normalised = text.replace(/\r\n/g, "\n");
	const end = normalised.indexOf("\n\n");
	const head = end < 0 ? normalised : normalised.slice(0, end);
	const headers = new Map<string, string>();
	for (const line of head.replace(/\n[ \t]+/g, " ").split("\n")) {
		const colon = line.indexOf(":");
		if (colon > 0)
			headers.set(line.slice(0, colon).trim().toLowerCase(), decodeWords(line.slice(colon + 1).trim()));
	}
	return { headers, body: end < 0 ? "" : normalised.slice(end + 2) };
}

function contentType(part: MimePart): { type: string; params: Map<string, string> } {
	const [type = "text/plain", ...rest] = (part.headers.get("content-type") ?? "text/plain").split(";");
	const params = new Map<string, string>();
	for (const param of rest) {
		const equals = param.indexOf("=");
		if (equals > 0) {
			params.set(
				param.slice(0, equals).trim().toLowerCase(),
				param
					.slice(equals + 1)
					.trim()
					.replace(/^"|"$/g, ""),
			);
		}
	}
	return { type: type.trim().toLowerCase(), params };
}

function leafParts(part: MimePart): MimePart[] {
	const { type, params } = contentType(part);
	const boundary = params.get("boundary");
	if (!type.startsWith("multipart/") || !boundary) return [part];
	const [, ...sections] = part.body.split(`--${boundary}`);
	// The line breaks around a delimiter belong to it (RFC 2046), not to the parts.
	const inner = sections
		.filter((section) => !section.startsWith("--"))
		.map((section) => section.slice(1, -1));
	return inner.flatMap((section) => leafParts(splitPart(section)));
}

function decodeBody(part: MimePart): string {
	return decodeBytes(part).toString("utf8");
}

function decodeBytes(part: MimePart): Buffer {
	const encoding = (part.headers.get("content-transfer-encoding") ?? "7bit").toLowerCase();
	if (encoding === "base64") return Buffer.from(part.body, "base64");
	if (encoding === "quoted-printable") return quotedPrintable(part.body.replace(/=\n/g, ""));
	return Buffer.from(part.body, "utf8");
}

/** =XX escapes to bytes; everything else as it is. */
function quotedPrintable(text: string): Buffer {
	const bytes: number[] = [];
	for (let at = 0; at < text.length; at++) {
		const hex = text[at] === "=" ? text.slice(at + 1, at + 3) : "";
		if (/^[0-9A-Fa-f]{2}$/.test(hex)) {
			bytes.push(Number.parseInt(hex, 16));
			at += 2;
		} else bytes.push(...Buffer.from(text[at] ?? "", "utf8"));
	}
	return Buffer.from(bytes);
}

const ENCODED_WORD = /=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g;

/** RFC 2047: adjacent encoded words join without the space between them, and may split one character. */
function decodeWords(value: string): string {
	const joined = value.replace(/(\?=)\s+(?==\?)/g, "$1");
	return joined.replace(/(?:=\?[^?]+\?[QqBb]\?[^?]*\?=)+/g, (run) =>
		Buffer.concat(
			[...run.matchAll(ENCODED_WORD)].map(([, , encoding, text = ""]) =>
				encoding?.toUpperCase() === "B"
					? Buffer.from(text, "base64")
					: quotedPrintable(text.replace(/_/g, " ")),
			),
		).toString("utf8"),
	);
}
