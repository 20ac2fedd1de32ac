/**
 * A client that makes valid registrations against any running server of this project, as fast as the
 * server takes them: for benchmarks, the durability script and tests that need many registrations.
 *
 * It passes the bot protection the way a person's browser does, except for the wait: the time trap is
 * signed here with the server's own key (so the client needs the server's SESSION_SECRET) as if the
 * form had been open for 20 s, and the ALTCHA challenge is fetched from the server and solved with
 * altcha-lib, as the widget does. Each request comes from its own client address (X-Forwarded-For,
 * which the server trusts from loopback), so the per-IP rate limit is not what is measured.
 *
 *     const client = await RegistrationClient.connect({ url: server.origin, sessionSecret });
 *     const body = await client.fields();        // fetches and solves a challenge
 *     const answer = await client.post(body);    // { kind: "created", token, ms, ... }
 */
import { Agent, request } from "node:http";
import { solveChallenge } from "altcha-lib";
import { deriveKey as sha } from "altcha-lib/algorithms/sha";
import { antispamConfig } from "../../src/server/registration/antispam";
import { issueTimeTrap } from "../../src/server/registration/antispam/time-trap";

export interface RegistrationClientOptions {
	/** The site's URL with its base path and language prefix, no trailing slash: http://127.0.0.1:3000/en */
	readonly url: string;
	/** The server's SESSION_SECRET, from which it derives the time trap's key. */
	readonly sessionSecret: string;
}

/** How the server answered one registration POST; `ms` is the POST's own round trip. */
export type RegistrationAnswer =
	/** 303 to a new voucher's page: the registration is acknowledged. */
	| { readonly kind: "created"; readonly status: number; readonly token: string; readonly ms: number }
	/** 303 to /register/again: the e-mail had a voucher already, its link is sent again. */
	| { readonly kind: "existing"; readonly status: number; readonly ms: number }
	/** Any other answer: the form again with errors (200), a 4xx, a 5xx. */
	| { readonly kind: "refused"; readonly status: number; readonly ms: number }
	/** No answer: the connection was refused or cut (a server that is down or was killed). */
	| { readonly kind: "failed"; readonly error: string; readonly ms: number };

/** As if the form had been open this long: past the 3 s minimum and the 10 s of a no-JS submission. */
const FORM_AGE_MS = 20_000;
const VOUCHER_LOCATION = /\/voucher\/([\w-]{43})$/;

// Unique across the clients of one process and unlikely to meet another process's (random start).
let addresses = Math.floor(Math.random() * 2 ** 23);
let people = 0;
const runId = `${process.pid}-${Date.now().toString(36)}`;

/** A client address of its own for each call: 10.x.y.z. */
export function nextClientIp(): string {
	const n = ++addresses % 2 ** 24;
	return `10.${n >>> 16}.${(n >>> 8) & 255}.${n & 255}`;
}

/** An e-mail address no earlier call (in any run) has used. */
export const uniqueEmail = (label = "bench"): string => `${label}.${runId}.${++people}@example.cz`;

export class RegistrationClient {
	private readonly timeTrapKey: string;
	private readonly agent = new Agent({ keepAlive: true });

	private constructor(
		readonly url: string,
		sessionSecret: string,
		/** The store ids the registration form offers. */
		readonly stores: readonly string[],
	) {
		this.timeTrapKey = antispamConfig(sessionSecret, undefined).timeTrapKey;
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

	/** A signed time-trap token, as if the form had been rendered `ageMs` ago. */
	timeTrap(ageMs = FORM_AGE_MS): string {
		return issueTimeTrap(this.timeTrapKey, new Date(Date.now() - ageMs));
	}

	/** A challenge fetched from the server and solved (about 3 ms of this process's CPU). */
	async solvedChallenge(): Promise<string> {
		const response = await fetch(`${this.url}/register/challenge`);
		if (!response.ok) throw new Error(`GET /register/challenge answered ${response.status}`);
		const challenge = await response.json();
		const solution = await solveChallenge({ challenge, deriveKey: sha });
		if (!solution) throw new Error("the challenge has no solution");
		return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
	}

	/** The fields of a valid registration with a fresh e-mail and challenge; `overrides` replace any. */
	async fields(overrides: Readonly<Record<string, string>> = {}): Promise<URLSearchParams> {
		const n = ++people;
		return new URLSearchParams({
			name: "Jana Nováková",
			email: uniqueEmail(),
			birthDate: "1990-03-15",
			phone: "603 123 456",
			store: this.stores[n % this.stores.length] as string,
			terms: "on",
			website: "",
			_started: this.timeTrap(),
			altcha: await this.solvedChallenge(),
			send: "",
			...overrides,
		});
	}

	/**
	 * POSTs a registration form from its own client address (or `ip`). Never throws. Through node:http
	 * on kept-alive connections rather than fetch, which costs this process about twice the CPU per
	 * request: a load generator on the server's cores should take as little of them as it can.
	 */
	post(
		body: URLSearchParams,
		options: { ip?: string; signal?: AbortSignal } = {},
	): Promise<RegistrationAnswer> {
		const started = performance.now();
		const ms = () => performance.now() - started;
		const payload = body.toString();
		return new Promise((resolve) => {
			const failed = (error: Error & { code?: string }) =>
				resolve({ kind: "failed", error: error.code ?? error.message, ms: ms() });
			const post = request(
				`${this.url}/register`,
				{
					method: "POST",
					agent: this.agent,
					headers: {
						"content-type": "application/x-www-form-urlencoded",
						"content-length": Buffer.byteLength(payload),
						"x-forwarded-for": options.ip ?? nextClientIp(),
					},
					...(options.signal ? { signal: options.signal } : {}),
				},
				(response) => {
					response.on("error", failed);
					response.resume();
					response.on("end", () => {
						const status = response.statusCode ?? 0;
						const location = response.headers.location ?? "";
						const token = VOUCHER_LOCATION.exec(location)?.[1];
						if (status === 303 && token) resolve({ kind: "created", status, token, ms: ms() });
						else if (status === 303 && location.endsWith("/register/again"))
							resolve({ kind: "existing", status, ms: ms() });
						else resolve({ kind: "refused", status, ms: ms() });
					});
				},
			);
			post.on("error", failed);
			post.end(payload);
		});
	}

	/** fields() and post() in one. */
	async register(overrides: Readonly<Record<string, string>> = {}): Promise<RegistrationAnswer> {
		return this.post(await this.fields(overrides));
	}
}
