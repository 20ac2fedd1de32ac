/**
 * A client that makes valid registrations against any running server of this project, as fast as the
 * server takes them: for benchmarks, the durability script and tests that need many registrations.
 *
 * A registration is two requests, as for a person: the form's POST, which stores a signup and e-mails
 * a confirmation link (303 to /register/sent), and the opening of that link, which issues the voucher
 * (303 to /voucher/<token>). The client passes the bot protection the way a person's browser does,
 * except for the wait: each form's time trap is issued here with the server's own key (so the client
 * needs the server's SESSION_SECRET) as if the form had been open for 20 s, and the ALTCHA challenge
 * is fetched from the server and solved, as the widget does (by altcha-solver.ts, which finds what
 * altcha-lib's solver finds for half its CPU). The confirmation link's token is computed with the
 * same secret, exactly as the server makes it, instead of being read from the e-mail.
 *
 * Each body comes from a client address of its own (X-Forwarded-For, which the server trusts from
 * loopback) in a /24 network of its own, and fetches its challenge from that address: the server
 * limits signups per address and per network and raises a busy network's proof of work, none of which
 * is what a bulk client measures.
 *
 *     const client = await RegistrationClient.connect({ url: server.origin, sessionSecret });
 *     const body = await client.fields();             // a fresh form token, a challenge solved
 *     const sent = await client.post(body);           // { kind: "sent", signupId, ms, status }
 *     const voucher = await client.confirm(sent.signupId); // { kind: "voucher", token, ms, status }
 *     await client.register();                        // all three
 */
import { Agent, request } from "node:http";
import { ANTISPAM_FIELDS } from "../../src/components/antispam/fields";
import { antispamConfig } from "../../src/server/registration/antispam";
import { issueTimeTrap } from "../../src/server/registration/antispam/time-trap";
import { confirmToken, type SignupKeys, signupKeys } from "../../src/server/registration/links";
import { solveAltcha } from "./altcha-solver";

export interface RegistrationClientOptions {
	/** The site's URL with its base path and language prefix, no trailing slash: http://127.0.0.1:3000/en */
	readonly url: string;
	/** The server's SESSION_SECRET, from which it derives the time trap's and the links' keys. */
	readonly sessionSecret: string;
}

/** How the server answered one registration POST; `ms` is the POST's own round trip. */
export type SignupAnswer =
	/** 303 to /register/sent: the signup is acknowledged, its e-mail queued; its id is from the ticket cookie. */
	| { readonly kind: "sent"; readonly status: number; readonly signupId: string; readonly ms: number }
	/** Any other answer: the form again with errors (200), a 4xx, a 5xx. */
	| { readonly kind: "refused"; readonly status: number; readonly ms: number }
	/** No answer: the connection was refused or cut (a server that is down or was killed). */
	| { readonly kind: "failed"; readonly error: string; readonly ms: number };

/** How the server answered the opening of a confirmation link; `ms` is that GET's round trip. */
export type ConfirmationAnswer =
	/** 303 to the voucher's page: issued now, or earlier for this mailbox. */
	| { readonly kind: "voucher"; readonly status: number; readonly token: string; readonly ms: number }
	/** A refusal page: 404 unknown, 409 same person, 410 expired or sold out, 403 outside the campaign. */
	| { readonly kind: "refused"; readonly status: number; readonly ms: number }
	| { readonly kind: "failed"; readonly error: string; readonly ms: number };

/** register()'s answer: the confirmation's, or the POST's when it was not acknowledged. */
export type RegistrationAnswer = ConfirmationAnswer | Exclude<SignupAnswer, { kind: "sent" }>;

/** A form's fields, and the client address that fetched its challenge (and so should send it). */
export class SignupBody extends URLSearchParams {
	constructor(
		init: Record<string, string>,
		readonly ip: string,
	) {
		super(init);
	}
}

/** As if the form had been open this long: past the 3 s minimum and the 10 s of a no-script submission. */
const FORM_AGE_MS = 20_000;
const VOUCHER_LOCATION = /\/voucher\/([\w-]{43})$/;
const SENT_LOCATION = /\/register\/sent$/;
const TICKET = /(?:^|;\s*)lumen_signup=([0-9a-f-]{36})\./;

// Unique across the clients of one process and unlikely to meet another process's (random start).
let networks = Math.floor(Math.random() * 2 ** 16);
let people = Math.floor(Math.random() * 2 ** 30);
const runId = `${process.pid}-${Date.now().toString(36)}`;

/** A client address in a /24 of its own for each call (10.x.y.1): 65,536 networks before one repeats. */
export function nextClientIp(): string {
	const n = ++networks % 2 ** 16;
	return `10.${n >>> 8}.${n & 255}.1`;
}

/** An e-mail address no earlier call (in any run) has used. */
export const uniqueEmail = (label = "bench"): string => `${label}.${runId}.${++people}@example.cz`;

const FIRST_NAMES = ["Jana", "Petra", "Lucie", "Tereza", "Eva", "Martin", "Tomáš", "Jakub", "Anna", "Marie"];
const SURNAMES = ["Nováková", "Svobodová", "Dvořák", "Černý", "Procházková", "Kučera", "Veselá", "Horák"];

/**
 * A person no earlier call has been (one voucher per person: name and birth date): a common name with
 * a surname made unique by letters, and a birth date spread over thirty years.
 */
export function uniquePerson(): { name: string; birthDate: string } {
	const n = ++people;
	let letters = "";
	for (let rest = n; letters.length < 7; rest = Math.floor(rest / 26)) {
		letters += String.fromCharCode(97 + (rest % 26));
	}
	const day = new Date(Date.UTC(1960, 0, 1) + (n % 11_000) * 86_400_000);
	return {
		name: `${FIRST_NAMES[n % FIRST_NAMES.length]} ${SURNAMES[(n >>> 4) % SURNAMES.length]} ${letters[0]?.toUpperCase()}${letters.slice(1)}`,
		birthDate: day.toISOString().slice(0, 10),
	};
}

interface Answer {
	readonly status: number;
	readonly body: string;
	readonly location: string;
	readonly cookies: readonly string[];
}

export class RegistrationClient {
	private readonly timeTrapKey: string;
	private readonly keys: SignupKeys;
	private readonly agent = new Agent({ keepAlive: true });

	private constructor(
		readonly url: string,
		sessionSecret: string,
		/** The store ids the registration form offers. */
		readonly stores: readonly string[],
	) {
		this.timeTrapKey = antispamConfig(sessionSecret, undefined).timeTrapKey;
		this.keys = signupKeys(sessionSecret);
	}

	/** Reads the form's store list from the server's registration page. */
	static async connect(options: RegistrationClientOptions): Promise<RegistrationClient> {
		const response = await fetch(`${options.url}/register`);
		if (!response.ok) throw new Error(`GET ${options.url}/register answered ${response.status}`);
		const select = /<select[^>]*name="store"[\s\S]*?<\/select>/.exec(await response.text())?.[0] ?? "";
		const stores = [...select.matchAll(/<option value="([^"]+)"/g)].map((match) => match[1] as string);
		if (stores.length === 0) throw new Error("the registration form offers no stores");
		return new RegistrationClient(options.url, options.sessionSecret, stores);
	}

	/** A fresh signed time-trap token (one form, one signup), as if the form had been rendered `ageMs` ago. */
	timeTrap(ageMs = FORM_AGE_MS): string {
		return issueTimeTrap(this.timeTrapKey, new Date(Date.now() - ageMs));
	}

	/**
	 * A challenge fetched from the server as `ip` (its difficulty is that of the address's network) and
	 * solved: about 1 ms of this process's CPU at the base difficulty. Fetched through node:http, as
	 * post() sends, rather than fetch, whose every request costs this process twice the CPU.
	 */
	async solvedChallenge(ip: string): Promise<string> {
		const answer = await this.send("GET", `${this.url}/register/challenge`, ip, undefined, undefined);
		if ("error" in answer) throw new Error(`GET /register/challenge failed: ${answer.error}`);
		if (answer.status !== 200) throw new Error(`GET /register/challenge answered ${answer.status}`);
		const challenge = JSON.parse(answer.body);
		return Buffer.from(JSON.stringify({ challenge, solution: solveAltcha(challenge) })).toString("base64");
	}

	/**
	 * The fields of a valid registration of a new person with a fresh e-mail, form token and challenge,
	 * prepared from a new client address (or `ip`); `overrides` replace any field.
	 */
	async fields(overrides: Readonly<Record<string, string>> = {}, ip = nextClientIp()): Promise<SignupBody> {
		const person = uniquePerson();
		return new SignupBody(
			{
				name: person.name,
				email: uniqueEmail(),
				birthDate: person.birthDate,
				phone: "603 123 456",
				store: this.stores[people % this.stores.length] as string,
				terms: "on",
				[ANTISPAM_FIELDS.honeypot]: "",
				[ANTISPAM_FIELDS.timeTrap]: this.timeTrap(),
				[ANTISPAM_FIELDS.altcha]: await this.solvedChallenge(ip),
				send: "",
				...overrides,
			},
			ip,
		);
	}

	/**
	 * POSTs a registration form from the address that prepared it (or `ip`, or a new one). Never throws.
	 * Through node:http on kept-alive connections rather than fetch, which costs this process about
	 * twice the CPU per request: a load generator on the server's cores should take as little of them
	 * as it can.
	 */
	async post(
		body: URLSearchParams,
		options: { ip?: string; signal?: AbortSignal } = {},
	): Promise<SignupAnswer> {
		const ip = options.ip ?? (body instanceof SignupBody ? body.ip : nextClientIp());
		const started = performance.now();
		const answer = await this.send("POST", `${this.url}/register`, ip, body.toString(), options.signal);
		const ms = performance.now() - started;
		if ("error" in answer) return { kind: "failed", error: answer.error, ms };
		const { status, location, cookies } = answer;
		const signupId = cookies.map((cookie) => TICKET.exec(cookie)?.[1]).find(Boolean);
		if (status === 303 && SENT_LOCATION.test(location) && signupId)
			return { kind: "sent", status, signupId, ms };
		return { kind: "refused", status, ms };
	}

	/** The path of a signup's confirmation link (under the client's URL), as the server e-mails it. */
	confirmationUrl(signupId: string): string {
		return `${this.url}/register/confirm/${confirmToken(this.keys, signupId)}`;
	}

	/** Opens a signup's confirmation link, as its mailbox's owner would (from an address of their own). Never throws. */
	async confirm(
		signupId: string,
		options: { ip?: string; signal?: AbortSignal } = {},
	): Promise<ConfirmationAnswer> {
		const started = performance.now();
		const answer = await this.send(
			"GET",
			this.confirmationUrl(signupId),
			options.ip ?? nextClientIp(),
			undefined,
			options.signal,
		);
		const ms = performance.now() - started;
		if ("error" in answer) return { kind: "failed", error: answer.error, ms };
		const token = VOUCHER_LOCATION.exec(answer.location)?.[1];
		if (answer.status === 303 && token) return { kind: "voucher", status: answer.status, token, ms };
		return { kind: "refused", status: answer.status, ms };
	}

	/** fields(), post() and confirm() in one: a voucher, or why not. */
	async register(overrides: Readonly<Record<string, string>> = {}): Promise<RegistrationAnswer> {
		const sent = await this.post(await this.fields(overrides));
		return sent.kind === "sent" ? this.confirm(sent.signupId) : sent;
	}

	private send(
		method: "GET" | "POST",
		url: string,
		ip: string,
		payload: string | undefined,
		signal: AbortSignal | undefined,
	): Promise<Answer | { error: string }> {
		return new Promise((resolve) => {
			const failed = (error: Error & { code?: string }) => resolve({ error: error.code ?? error.message });
			const headers: Record<string, string | number> = { "x-forwarded-for": ip };
			if (payload !== undefined) {
				headers["content-type"] = "application/x-www-form-urlencoded";
				headers["content-length"] = Buffer.byteLength(payload);
			}
			const outgoing = request(
				url,
				{ method, agent: this.agent, headers, ...(signal ? { signal } : {}) },
				(response) => {
					response.on("error", failed);
					let body = "";
					response.setEncoding("utf8");
					response.on("data", (chunk: string) => {
						body += chunk;
					});
					response.on("end", () =>
						resolve({
							status: response.statusCode ?? 0,
							body,
							location: response.headers.location ?? "",
							cookies: response.headers["set-cookie"] ?? [],
						}),
					);
				},
			);
			outgoing.on("error", failed);
			outgoing.end(payload);
		});
	}
}
