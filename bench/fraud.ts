/**
 * `npm run bench:fraud`: one fraudster against the production build, for BENCH_FRAUD_SECONDS (default
 * 600), and what they obtained, each figure beside its budget. Run `npm run build` first.
 *
 * The fraudster has neither the server's secret nor access to any mailbox but their own inbox on the
 * web (the HTTP answers). They register as many times as they can: random addresses at free-mail
 * domains, many Gmail spellings of a few mailboxes (dots, +tags, googlemail.com, upper case, quoted),
 * disposable domains, and the spellings of an honest registrant's mailbox. They rotate X-Forwarded-For
 * over many IPv4 /24 and IPv6 /56 networks (the server trusts it from loopback, TRUST_PROXY=loopback:
 * a botnet's addresses), hammer a few networks hard, solve every ALTCHA challenge honestly with
 * altcha-lib as the widget does, take the no-script path (claiming no JavaScript and waiting out its
 * time trap), harvest form tokens ahead and replay tokens, challenges and whole submissions, send
 * X-Forwarded-Host: evil.example, resend and correct their signups from the check-your-inbox page,
 * and guess confirmation and voucher tokens. Loops are bounded in time and count; all traffic goes to
 * the server on 127.0.0.1.
 *
 * Counted: the vouchers they can reach (any /voucher/ URL in any answer they got, or a guess that
 * opened; budget 0), confirmation links they saw or guessed, replays accepted, the most signups one
 * network got through, and what the limits refused. Then, from the server's database (the bench
 * started the server, so it knows DATA_DIR): the vouchers that exist (only the honest registrant's),
 * the e-mails queued and to how many distinct mailboxes, the most to one mailbox, and any to a
 * disposable domain, naming evil.example, or carrying a voucher link to anyone but its owner.
 *
 * Last, what all this protection costs the honest: the registrations per second and p99 of the form's
 * POST and of the confirmation link, against their budget (>= 500/s, p99 < 100 ms), on SQLite and, with
 * BENCH_DATABASE_URL or TEST_DATABASE_URL, on PostgreSQL with two server processes behind one port: the
 * measurement of `npm run bench:registrations` (bench/lib/registration-rate.ts), BENCH_REGISTRATIONS
 * timed (default 6000).
 */
import { randomBytes, randomInt } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { solveChallenge } from "altcha-lib";
import { deriveKey as sha } from "altcha-lib/algorithms/sha";
import { MESSAGES } from "../src/i18n/site-texts";
import { openDatabase, sqliteFile } from "../src/server/db";
import { canonicalEmail, checkEmail } from "../src/server/registration/email-identity";
import { LIMITS } from "../src/server/registration/limits";
import { startServer } from "../test/helpers/server";
import { measureRegistrationRate } from "./lib/registration-rate";

const SECONDS = Number(process.env.BENCH_FRAUD_SECONDS ?? 600);
/** Concurrent attacks; most of their time is the server's answer or a wait, not this process's CPU. */
const LANES = 12;
/** Concurrent no-script submissions, each waiting out its form's 10 s. */
const NO_SCRIPT_LANES = 6;
/** Bounds, whatever the duration: requests in all, and one request's wait. */
const MAX_REQUESTS = 500_000;
const REQUEST_TIMEOUT_MS = 30_000;
const SOLVE_TIMEOUT_MS = 30_000;
const TEN_MINUTES = 10 * 60 * 1000;
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const VOUCHER = /\/voucher\/([\w-]{43})/g;
const CONFIRMATION = /\/register\/confirm\/([\w-]{43})/g;
const TICKET = /lumen_signup=([^;]+)/;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const pick = <T>(items: readonly T[]): T => items[randomInt(items.length)] as T;
const hex = (bits: number) => randomInt(2 ** bits).toString(16);

// --- The fraudster's addresses -------------------------------------------------------------------

/** A client address and the network the server counts it in (/24 or /56). */
interface Address {
	readonly ip: string;
	readonly network: string;
}

/** First octets of public unicast space, none of the private, loopback or shared ranges. */
const PUBLIC_FIRST_OCTETS = Array.from({ length: 223 }, (_, n) => n + 1).filter(
	(n) => ![10, 100, 127, 169, 172, 192].includes(n),
);
const randomV4Network = () => `${pick(PUBLIC_FIRST_OCTETS)}.${randomInt(256)}.${randomInt(256)}`;
/** 2001:db8:cccc:dd00::/56 (documentation space). */
const randomV6Network = () => `2001:db8:${hex(16)}:${hex(8)}`;

const v4Networks = Array.from({ length: 400 }, randomV4Network);
const v6Networks = Array.from({ length: 150 }, randomV6Network);
/** A few networks used hard, as a fraudster with one server or one mobile carrier would. */
const hotNetworks = [randomV4Network(), randomV4Network(), randomV6Network()];

function addressIn(network: string): Address {
	if (network.includes(":")) {
		// Any /64 of the /56 (the last byte of the fourth group), any interface id.
		const [a, b, c, d] = network.split(":");
		const group = ((Number.parseInt(d as string, 16) << 8) | randomInt(256)).toString(16);
		return { ip: `${a}:${b}:${c}:${group}::${hex(16)}:${hex(16)}`, network: `${network}/56` };
	}
	return { ip: `${network}.${randomInt(1, 255)}`, network: `${network}/24` };
}

/** One address used again and again, as a single server or a home connection would be. */
const hotAddress = addressIn(randomV4Network());

/** Mostly networks used before (the limits count them), some never seen, a tenth the hot ones. */
function someAddress(): Address {
	const roll = Math.random();
	if (roll < 0.02) return hotAddress;
	if (roll < 0.1) return addressIn(pick(hotNetworks));
	if (roll < 0.4) return addressIn(Math.random() < 0.7 ? randomV4Network() : randomV6Network());
	return addressIn(Math.random() < 0.7 ? pick(v4Networks) : pick(v6Networks));
}

// --- The fraudster's identities ------------------------------------------------------------------

const FIRST = ["Jana", "Petr", "Eva", "Tomáš", "Lucie", "Martin", "Tereza", "Jakub", "Anna", "Marek"];
const LAST = ["Nováková", "Svoboda", "Dvořáková", "Černý", "Procházka", "Kučerová", "Veselý", "Horáková"];
const SYLLABLES = ["ka", "lo", "mi", "ne", "pa", "ro", "su", "ti", "va", "ze", "bo", "de"];
const word = () => Array.from({ length: randomInt(2, 4) }, () => pick(SYLLABLES)).join("");
const FREE_MAIL = [
	"seznam.cz",
	"email.cz",
	"centrum.cz",
	"post.cz",
	"gmail.com",
	"outlook.com",
	"icloud.com",
];
const DISPOSABLE = [
	"mailinator.com",
	"yopmail.com",
	"guerrillamail.com",
	"10minutemail.com",
	"sharklasers.com",
];
/** A few Gmail mailboxes the fraudster spells many ways, to get one voucher per spelling. */
const GMAIL_BOXES = ["petr.svoboda.lumen", "marketa.kralova", "honza.dvorak77"];
/** The honest registrant's mailbox (they get a voucher); the fraudster tries its spellings too. */
const HONEST_MAILBOX = "eva.poctiva";

const person = () => ({
	name: `${pick(FIRST)} ${pick(LAST)}`,
	birthDate: `${randomInt(1950, 2004)}-${String(randomInt(1, 13)).padStart(2, "0")}-${String(randomInt(1, 29)).padStart(2, "0")}`,
});

/** One of the many ways to write a Gmail address that reaches `local`@gmail.com. */
function gmailSpelling(local: string): string {
	const letters = [...local.replaceAll(".", "")];
	let spelled = letters
		.map((letter, index) => (index > 0 && Math.random() < 0.3 ? `.${letter}` : letter))
		.join("");
	if (Math.random() < 0.4) spelled += `+${word()}`;
	if (Math.random() < 0.3) spelled = spelled.toUpperCase();
	if (Math.random() < 0.1) spelled = `"${spelled}"`;
	const domain = Math.random() < 0.3 ? "googlemail.com" : pick(["gmail.com", "GMAIL.COM", "Gmail.com"]);
	return `${spelled}@${domain}`;
}

const randomAddress = () => `${word()}.${word()}${randomInt(1000)}@${pick(FREE_MAIL)}`;

// --- What the fraudster sees and keeps ----------------------------------------------------------

interface Answer {
	readonly status: number;
	readonly location: string;
	readonly cookies: readonly string[];
	readonly text: string;
}

const seen = {
	vouchers: new Set<string>(),
	confirmations: new Set<string>(),
	/** Answers whose Location, page or cookies name evil.example. */
	evilHost: 0,
	serverErrors: [] as string[],
	noAnswer: 0,
	requests: 0,
};
/** attack → outcome → count. */
const outcomes = new Map<string, Map<string, number>>();
const tally = (attack: string, outcome: string) => {
	const byOutcome = outcomes.get(attack) ?? new Map<string, number>();
	byOutcome.set(outcome, (byOutcome.get(outcome) ?? 0) + 1);
	outcomes.set(attack, byOutcome);
};

/** Form errors the site shows, by name, to tell what refused a submission. */
const texts = MESSAGES.cs.register;
const FORM_ERRORS: [string, string][] = [
	["too fast", texts.antispam.tooFast],
	["form expired", texts.antispam.expired],
	["not verified (bot protection, replay)", texts.antispam.unverified],
	["disposable address", texts.emailDisposable],
	["quoted address", texts.emailQuoted],
	["invalid address", texts.emailInvalid],
	["mixed-script address", texts.emailMixedScript],
	["too many e-mails to the mailbox", texts.sent.tooMany],
];
const escapeHtml = (text: string) =>
	text
		.replaceAll("&", "&amp;")
		.replaceAll("<", "&lt;")
		.replaceAll(">", "&gt;")
		.replaceAll('"', "&quot;")
		.replaceAll("'", "&#x27;");

/** Notices of the check-your-inbox page after its buttons, by name. */
const literally = (text: string) => escapeHtml(text).replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const INBOX_NOTICES: [string, RegExp][] = [
	["e-mail sent again", new RegExp(literally(texts.sent.resent))],
	["wait (resend cooldown)", new RegExp(literally(texts.sent.wait).replace("\\{seconds\\}", "\\d+"))],
	["too many e-mails to the mailbox", new RegExp(literally(texts.sent.tooMany))],
	["signup gone", new RegExp(literally(texts.sent.gone))],
	["no more corrections", new RegExp(literally(texts.sent.noMoreCorrections))],
];

/**
 * What an answer was, in a word or two. A form's errors are read from its error summary only: the
 * messages are also in every form's client-side rules.
 */
function outcomeOf(answer: Answer | undefined): string {
	if (!answer) return "no answer";
	if (answer.status === 303)
		return `303 ${answer.location.replace(/^https?:\/\/[^/]+/, "").replace(/[\w-]{43}$/, "…")}`;
	if (answer.status !== 200) return String(answer.status);
	const summary = /class="form-summary"[\s\S]*?<\/ul>/.exec(answer.text)?.[0];
	if (summary) {
		const error = FORM_ERRORS.find(([, message]) => summary.includes(escapeHtml(message)));
		return `form error: ${error?.[0] ?? "other"}`;
	}
	// The notice's live region is a <div> of its own, empty on a page shown without one.
	const notice = /class="check-inbox__notice"[^>]*>([\s\S]*?)<\/div>/.exec(answer.text)?.[1];
	if (notice)
		return INBOX_NOTICES.find(([, text]) => text.test(notice))?.[0] ?? `notice: ${notice.slice(0, 60)}`;
	return "200";
}

let origin = "";
const deadline = { at: 0 };
const timeIsUp = () => Date.now() >= deadline.at || seen.requests >= MAX_REQUESTS;

async function http(
	path: string,
	options: {
		address: Address;
		method?: "GET" | "POST";
		body?: URLSearchParams;
		headers?: Record<string, string>;
	},
): Promise<Answer | undefined> {
	seen.requests++;
	try {
		const response = await fetch(`${origin}${path}`, {
			method: options.method ?? "GET",
			redirect: "manual",
			headers: { "x-forwarded-for": options.address.ip, ...options.headers },
			body: options.body ?? null,
			signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
		});
		const answer: Answer = {
			status: response.status,
			location: response.headers.get("location") ?? "",
			cookies: response.headers.getSetCookie(),
			text: await response.text(),
		};
		look(answer, `${options.method ?? "GET"} ${path}`, `${path}\n${options.body ?? ""}`);
		return answer;
	} catch {
		seen.noAnswer++;
		return undefined;
	}
}

/**
 * Keeps whatever an answer gives away: voucher and confirmation links, a host it should not name. Not
 * the fraudster's own guesses, which a page may show back (a 404 page links to its other language).
 */
function look(answer: Answer, request: string, sent: string) {
	const everything = `${answer.location}\n${answer.cookies.join("\n")}\n${answer.text}`;
	for (const [found, links] of [
		[VOUCHER, seen.vouchers],
		[CONFIRMATION, seen.confirmations],
	] as const) {
		for (const [, token] of everything.matchAll(found))
			if (!sent.includes(token as string)) links.add(token as string);
	}
	if (everything.includes("evil.example")) seen.evilHost++;
	if (answer.status >= 500 && seen.serverErrors.length < 20) {
		seen.serverErrors.push(`${request} → ${answer.status} ${answer.text.slice(0, 200)}`);
	}
}

// --- Form tokens and challenges, got the way a browser gets them ---------------------------------

interface FormToken {
	readonly token: string;
	readonly at: number;
}

/**
 * Form tokens harvested ahead (GET /register), oldest first, until they are old enough: 3 s for a
 * submission with a solved challenge, 10 s for one without. Two stocks, so that the quick ones do not
 * take every token before it is old enough for the slow ones.
 */
class TokenStock {
	private readonly tokens: FormToken[] = [];
	constructor(
		readonly ageMs: number,
		private readonly size: number,
	) {}

	async harvest(): Promise<void> {
		while (!timeIsUp()) {
			if (this.tokens.length >= this.size) {
				await sleep(200);
				continue;
			}
			const token = formTokenIn(await http("/register", { address: someAddress() }));
			if (token) this.tokens.push({ token, at: Date.now() });
			else await sleep(500);
		}
	}

	/** The oldest token once it is old enough; undefined at the deadline. */
	async take(): Promise<string | undefined> {
		while (!timeIsUp()) {
			const oldest = this.tokens[0];
			if (oldest && Date.now() - oldest.at >= this.ageMs) return this.tokens.shift()?.token;
			await sleep(oldest ? oldest.at + this.ageMs - Date.now() : 100);
		}
		return undefined;
	}
}

const formTokenIn = (page: Answer | undefined) =>
	/name="_started" value="([^"]+)"/.exec(page?.text ?? "")?.[1];
const quickForms = new TokenStock(3_100, 300);
const slowForms = new TokenStock(10_500, 100);

/** A challenge fetched from `address` and solved with altcha-lib, as the widget does. */
async function solvedChallenge(address: Address): Promise<string | undefined> {
	const answer = await http("/register/challenge", { address });
	if (answer?.status !== 200) return undefined;
	const challenge = JSON.parse(answer.text);
	const controller = new AbortController();
	const solution = await solveChallenge({ challenge, deriveKey: sha, controller, timeout: SOLVE_TIMEOUT_MS });
	return solution ? Buffer.from(JSON.stringify({ challenge, solution })).toString("base64") : undefined;
}

// --- Attacks -------------------------------------------------------------------------------------

interface Accepted {
	readonly body: URLSearchParams;
	readonly address: Address;
	/** The check-your-inbox page's cookie. */
	ticket: string;
	/** Its address corrected this many times since (each a new signup and e-mail). */
	corrections: number;
}

/** The first signup accepted, whose address the fraudster corrects again and again. */
let firstAccepted: Accepted | undefined;
/** Every signup the fraudster made (the id its ticket names). */
const knownSignups = new Set<string>();
/** Recently accepted submissions, to replay and to resend or correct from. */
const accepted: Accepted[] = [];
/** Per network: when signups were accepted (all, and without a challenge); per address: e-mails it asked for. */
const signupsOf = new Map<string, number[]>();
const noScriptOf = new Map<string, number[]>();
const mailsAskedBy = new Map<string, number[]>();
function note(map: Map<string, number[]>, key: string) {
	const times = map.get(key) ?? [];
	times.push(Date.now());
	map.set(key, times);
}
/** Corrections of an accepted signup's address: each a new signup and e-mail without a new form. */
const corrections = { accepted: 0, longestChain: 0 };
/** Submissions accepted that spent a form token, a challenge or a whole body already accepted once. */
const replaysAccepted = { formToken: 0, challenge: 0, whole: 0 };

function form(email: string, fields: Record<string, string>): URLSearchParams {
	return new URLSearchParams({
		...person(),
		email,
		phone: "",
		store: pick(stores),
		terms: "on",
		website: "",
		send: "",
		...fields,
	});
}

/** POSTs a registration; keeps it when it is accepted. Answers whether it was. */
async function submit(
	attack: string,
	body: URLSearchParams,
	address: Address,
	options: { noScript?: boolean; headers?: Record<string, string> } = {},
): Promise<boolean> {
	const answer = await http("/register", { address, method: "POST", body, headers: options.headers });
	const ticket = answer?.cookies.map((cookie) => TICKET.exec(cookie)?.[1]).find(Boolean);
	const signupId = ticket?.split(".")[0] ?? "";
	// A form sent again gets the first one's answer: its signup, nothing new.
	if (knownSignups.has(signupId)) {
		tally(attack, "303 the same signup again");
		return false;
	}
	tally(attack, outcomeOf(answer));
	if (answer?.status !== 303 || !ticket) return false;
	knownSignups.add(signupId);
	note(signupsOf, address.network);
	note(mailsAskedBy, address.ip);
	if (options.noScript) note(noScriptOf, address.network);
	const signup: Accepted = { body, address, ticket, corrections: 0 };
	firstAccepted ??= signup;
	accepted.push(signup);
	if (accepted.length > 200) accepted.shift();
	return true;
}

/** One of the last 20 accepted submissions, if any. */
const oneOfTheLatest = () =>
	accepted.length ? accepted.at(-1 - randomInt(Math.min(accepted.length, 20))) : undefined;

/** A registration as a browser with JavaScript sends it, for `email`. */
async function honestLooking(attack: string, email: string, headers?: Record<string, string>) {
	const address = someAddress();
	const altcha = await solvedChallenge(address);
	const token = await quickForms.take();
	if (!altcha || !token) return tally(attack, "no challenge or form");
	await submit(attack, form(email, { _started: token, altcha }), address, { headers });
}

const attacks: [weight: number, name: string, run: (name: string) => Promise<unknown>][] = [
	[30, "random address", (name) => honestLooking(name, randomAddress())],
	[15, "Gmail spellings of a few mailboxes", (name) => honestLooking(name, gmailSpelling(pick(GMAIL_BOXES)))],
	[5, "disposable domain", (name) => honestLooking(name, `${word()}${randomInt(1000)}@${pick(DISPOSABLE)}`)],
	[3, "the honest registrant's mailbox", (name) => honestLooking(name, gmailSpelling(HONEST_MAILBOX))],
	[
		5,
		"X-Forwarded-Host: evil.example",
		(name) =>
			honestLooking(name, randomAddress(), {
				"x-forwarded-host": "evil.example",
				"x-forwarded-proto": "https",
			}),
	],
	[
		5,
		"replayed challenge",
		async (name) => {
			const earlier = accepted.at(-1);
			if (!earlier) return;
			const token = await quickForms.take();
			if (!token) return;
			const body = form(randomAddress(), { _started: token, altcha: earlier.body.get("altcha") ?? "" });
			if (await submit(name, body, earlier.address)) replaysAccepted.challenge++;
		},
	],
	[
		5,
		"replayed form token",
		async (name) => {
			const earlier = accepted.at(-1);
			if (!earlier) return;
			const address = someAddress();
			const altcha = await solvedChallenge(address);
			if (!altcha) return;
			const body = form(randomAddress(), { _started: earlier.body.get("_started") ?? "", altcha });
			if (await submit(name, body, address)) replaysAccepted.formToken++;
		},
	],
	[
		3,
		"replayed submission",
		async (name) => {
			const earlier = oneOfTheLatest();
			if (earlier && (await submit(name, earlier.body, someAddress()))) replaysAccepted.whole++;
		},
	],
	[
		3,
		"no challenge, no no-script field",
		async (name) => {
			const token = await slowForms.take();
			if (token) await submit(name, form(randomAddress(), { _started: token }), someAddress());
		},
	],
	[
		2,
		"forged form token",
		async (name) => {
			const address = someAddress();
			const altcha = await solvedChallenge(address);
			const forged = `${Date.now() - 20_000}.${randomBytes(12).toString("base64url")}.${randomBytes(32).toString("base64url")}`;
			if (altcha) await submit(name, form(randomAddress(), { _started: forged, altcha }), address);
		},
	],
	[
		2,
		"sent at once (too fast)",
		async (name) => {
			const address = someAddress();
			const token = formTokenIn(await http("/register", { address }));
			const altcha = await solvedChallenge(address);
			if (token && altcha) await submit(name, form(randomAddress(), { _started: token, altcha }), address);
		},
	],
	[
		8,
		"guessed confirmation link",
		async (name) => {
			const path = `${pick(["", "/en"])}/register/confirm/${randomBytes(32).toString("base64url")}`;
			const answer = await http(path, { address: someAddress() });
			tally(name, outcomeOf(answer));
		},
	],
	[
		8,
		"guessed voucher link",
		async (name) => {
			const path = `${pick(["", "/en"])}/voucher/${randomBytes(32).toString("base64url")}`;
			const answer = await http(path, { address: someAddress() });
			tally(name, outcomeOf(answer));
			if (answer?.status === 200) seen.vouchers.add(path.slice(-43));
		},
	],
	[
		5,
		"address corrected (another e-mail, no new form)",
		async (name) => {
			// Half of them go on correcting the first signup: how far one form goes.
			const earlier = Math.random() < 0.5 ? firstAccepted : oneOfTheLatest();
			if (!earlier) return;
			const address = someAddress();
			const answer = await http("/register/correct", {
				address,
				method: "POST",
				body: new URLSearchParams({ email: randomAddress(), correct: "" }),
				headers: { cookie: `lumen_signup=${earlier.ticket}` },
			});
			tally(name, outcomeOf(answer));
			const ticket = answer?.cookies.map((cookie) => TICKET.exec(cookie)?.[1]).find(Boolean);
			if (answer?.status === 303 && ticket) {
				knownSignups.add(ticket.split(".")[0] ?? "");
				earlier.ticket = ticket;
				earlier.corrections++;
				corrections.accepted++;
				corrections.longestChain = Math.max(corrections.longestChain, earlier.corrections);
				note(mailsAskedBy, address.ip);
			}
		},
	],
	[
		3,
		"e-mail resent",
		async (name) => {
			const earlier = oneOfTheLatest();
			if (!earlier) return;
			const answer = await http("/register/resend", {
				address: earlier.address,
				method: "POST",
				body: new URLSearchParams({ resend: "" }),
				headers: { cookie: `lumen_signup=${earlier.ticket}` },
			});
			const outcome = outcomeOf(answer);
			tally(name, outcome);
			if (outcome === "e-mail sent again") note(mailsAskedBy, earlier.address.ip);
		},
	],
	[
		2,
		"check-your-inbox page read",
		async (name) => {
			const earlier = accepted.at(-1);
			if (!earlier) return;
			const answer = await http("/register/sent", {
				address: earlier.address,
				headers: { cookie: `lumen_signup=${earlier.ticket}` },
			});
			tally(name, outcomeOf(answer));
		},
	],
];
const totalWeight = attacks.reduce((sum, [weight]) => sum + weight, 0);

function pickAttack() {
	let roll = randomInt(totalWeight);
	for (const attack of attacks) {
		roll -= attack[0];
		if (roll < 0) return attack;
	}
	return attacks[0] as (typeof attacks)[number];
}

async function attackLane(): Promise<void> {
	while (!timeIsUp()) {
		const [, name, run] = pickAttack();
		const before = seen.requests;
		await run(name);
		// One that had nothing to work on yet (no signup accepted so far) must not spin.
		if (seen.requests === before) await sleep(50);
	}
}

/** Claims to have no JavaScript: no challenge, the no-script field, a form open 10 s. */
async function noScriptLane(): Promise<void> {
	while (!timeIsUp()) {
		const token = await slowForms.take();
		if (!token) return;
		const address = someAddress();
		await submit("no-script path", form(randomAddress(), { _started: token, _noscript: "1" }), address, {
			noScript: true,
		});
	}
}

// --- An honest registrant, who can read their mailbox -------------------------------------------

/** Registers `email` and opens the link from the mailbox (the outbox table): the voucher's token. */
async function honestRegistrant(dataDir: string, email: string): Promise<string> {
	const address = addressIn(randomV4Network());
	const token = formTokenIn(await http("/register", { address })) ?? "";
	const altcha = (await solvedChallenge(address)) ?? "";
	await sleep(3_500);
	const answer = await http("/register", {
		address,
		method: "POST",
		body: form(email, { name: "Eva Poctivá", birthDate: "1985-06-01", _started: token, altcha }),
	});
	if (answer?.status !== 303) throw new Error(`the honest registration was refused: ${outcomeOf(answer)}`);
	const mailbox = new DatabaseSync(sqliteFile(dataDir));
	const mail = mailbox
		.prepare("select text_body from outbox where recipient = ? order by created_at desc limit 1")
		.get(email) as { text_body: string } | undefined;
	mailbox.close();
	const link = /\/register\/confirm\/[\w-]{43}/.exec(mail?.text_body ?? "")?.[0];
	if (!link) throw new Error("no confirmation link in the honest registrant's mailbox");
	const confirmed = await fetch(`${origin}${link}`, { redirect: "manual" });
	const voucher = /\/voucher\/([\w-]{43})$/.exec(confirmed.headers.get("location") ?? "")?.[1];
	if (!voucher) throw new Error(`the honest confirmation answered ${confirmed.status}`);
	return voucher;
}

// --- Figures -------------------------------------------------------------------------------------

/** The most events in one fixed window, windows opening at the first event after the last one ended (as the server counts). */
function mostInAWindow(times: readonly number[], windowMs: number): number {
	let most = 0;
	let opened = Number.NEGATIVE_INFINITY;
	let count = 0;
	for (const time of times) {
		if (time >= opened + windowMs) {
			opened = time;
			count = 0;
		}
		most = Math.max(most, ++count);
	}
	return most;
}
const mostOfAny = (map: Map<string, number[]>, windowMs: number) =>
	Math.max(0, ...[...map.values()].map((times) => mostInAWindow(times, windowMs)));

let stores: string[] = [];

const dataDir = mkdtempSync(join(tmpdir(), "lumen-fraud-"));
const server = await startServer({
	entry: "dist/server/main.js",
	env: { APP_ENV: "production", CLIENT_DIR: "dist/client", TRUST_PROXY: "loopback", DATA_DIR: dataDir },
	quiet: true,
});
let stopped = false;
try {
	origin = server.origin;
	deadline.at = Date.now() + 60_000;
	const page = await (await fetch(`${origin}/register`)).text();
	const select = /<select[^>]*name="store"[\s\S]*?<\/select>/.exec(page)?.[0] ?? "";
	stores = [...select.matchAll(/<option value="([^"]+)"/g)].map((match) => match[1] as string);
	const honestVoucher = await honestRegistrant(dataDir, `${HONEST_MAILBOX}@gmail.com`);
	// The fraudster never saw the honest registrant's answers.
	seen.vouchers.clear();

	console.log(`One fraudster for ${SECONDS} s against ${origin} (production build, TRUST_PROXY=loopback)…`);
	const started = Date.now();
	deadline.at = started + SECONDS * 1000;
	await Promise.all([
		quickForms.harvest(),
		quickForms.harvest(),
		slowForms.harvest(),
		...Array.from({ length: LANES }, attackLane),
		...Array.from({ length: NO_SCRIPT_LANES }, noScriptLane),
	]);
	const seconds = (Date.now() - started) / 1000;

	// Every voucher link the fraudster came across, opened.
	let vouchersOpened = 0;
	for (const token of seen.vouchers) {
		if ((await fetch(`${origin}/voucher/${token}`)).status === 200) vouchersOpened++;
	}
	let confirmationsOpened = 0;
	for (const token of seen.confirmations) {
		const answer = await fetch(`${origin}/register/confirm/${token}`, { redirect: "manual" });
		if (answer.status === 303) confirmationsOpened++;
	}
	const guessedConfirmations = outcomes.get("guessed confirmation link") ?? new Map();
	const guessedVouchers = outcomes.get("guessed voucher link") ?? new Map();
	const opened = (byOutcome: Map<string, number>, status: string) =>
		[...byOutcome].filter(([outcome]) => outcome.startsWith(status)).reduce((sum, [, n]) => sum + n, 0);

	await server.stop();
	stopped = true;
	const { db, close } = await openDatabase({ dataDir });
	const mails = await db.selectFrom("outbox").select(["recipient", "text_body", "html_body"]).execute();
	const vouchers = await db
		.selectFrom("vouchers")
		.innerJoin("registrations", "registrations.id", "vouchers.registration_id")
		.select(["vouchers.token", "registrations.email_canonical"])
		.execute();
	const signups = await db.selectFrom("signups").select(["outcome"]).execute();
	await close();

	const ownerOf = new Map(vouchers.map((voucher) => [voucher.token, voucher.email_canonical]));
	const perMailbox = new Map<string, number>();
	for (const mail of mails) {
		const mailbox = canonicalEmail(mail.recipient);
		perMailbox.set(mailbox, (perMailbox.get(mailbox) ?? 0) + 1);
	}
	const toDisposable = mails.filter((mail) => {
		const check = checkEmail(mail.recipient);
		return !check.ok && check.problem === "disposable";
	}).length;
	const namingEvil = mails.filter((mail) =>
		`${mail.text_body}${mail.html_body}`.includes("evil.example"),
	).length;
	const voucherLinkToOthers = mails.filter((mail) =>
		[...mail.text_body.matchAll(VOUCHER)].some(
			([, token]) => ownerOf.get(token as string) !== canonicalEmail(mail.recipient),
		),
	).length;
	const voucherLinksMailed = mails.filter((mail) => mail.text_body.includes("/voucher/")).length;
	const signupsAccepted = [...signupsOf.values()].reduce((sum, times) => sum + times.length, 0);
	const noScriptAccepted = [...noScriptOf.values()].reduce((sum, times) => sum + times.length, 0);
	const answers = [...outcomes.values()].flatMap((byOutcome) => [...byOutcome]);
	const refused429 = answers.filter(([outcome]) => outcome === "429").reduce((sum, [, n]) => sum + n, 0);
	const formErrors = answers
		.filter(([outcome]) => outcome.startsWith("form error"))
		.reduce((sum, [, n]) => sum + n, 0);

	const rows: [label: string, value: string | number, budget: string, ok: boolean | undefined][] = [
		["vouchers the fraudster can reach", vouchersOpened, "0", vouchersOpened === 0],
		["  voucher links seen in any answer", seen.vouchers.size, "0", seen.vouchers.size === 0],
		[
			"  guessed voucher links that opened",
			opened(guessedVouchers, "200"),
			"0",
			opened(guessedVouchers, "200") === 0,
		],
		["confirmation links seen in any answer", seen.confirmations.size, "0", seen.confirmations.size === 0],
		["  of those that opened", confirmationsOpened, "0", confirmationsOpened === 0],
		[
			"  guessed confirmation links that opened",
			opened(guessedConfirmations, "303"),
			"0",
			opened(guessedConfirmations, "303") === 0,
		],
		[
			"vouchers in the database",
			vouchers.length,
			"1 (the honest registrant's)",
			vouchers.length === 1 && ownerOf.has(honestVoucher),
		],
		["signups accepted (303 to /register/sent)", signupsAccepted, "-", undefined],
		["  without a challenge (no-script path)", noScriptAccepted, "-", undefined],
		[
			"  replays accepted: form token / challenge / whole",
			`${replaysAccepted.formToken} / ${replaysAccepted.challenge} / ${replaysAccepted.whole}`,
			"0 / 0 / 0",
			replaysAccepted.formToken + replaysAccepted.challenge + replaysAccepted.whole === 0,
		],
		[
			"  most from one network in 10 minutes",
			mostOfAny(signupsOf, TEN_MINUTES),
			`<= ${LIMITS.signupsPerNetwork.max}`,
			mostOfAny(signupsOf, TEN_MINUTES) <= LIMITS.signupsPerNetwork.max,
		],
		[
			"  most without a challenge from one network in an hour",
			mostOfAny(noScriptOf, HOUR),
			`<= ${LIMITS.noScriptPerNetwork.max}`,
			mostOfAny(noScriptOf, HOUR) <= LIMITS.noScriptPerNetwork.max,
		],
		[
			"  most e-mails asked for by one address in a day",
			mostOfAny(mailsAskedBy, DAY),
			`<= ${LIMITS.mailsPerSender.max}`,
			mostOfAny(mailsAskedBy, DAY) <= LIMITS.mailsPerSender.max,
		],
		[
			"signups stored, by outcome",
			[...countBy(signups.map((signup) => signup.outcome ?? "pending"))]
				.map(([k, n]) => `${k} ${n}`)
				.join(", "),
			"-",
			undefined,
		],
		["e-mails queued", mails.length, "-", undefined],
		["  after a correction (no form token, no proof of work)", corrections.accepted, "-", undefined],
		["  most corrections in a row from one form", corrections.longestChain, "-", undefined],
		["  to distinct mailboxes", perMailbox.size, "-", undefined],
		[
			"  most to one mailbox",
			Math.max(0, ...perMailbox.values()),
			`<= ${LIMITS.mailsPerRecipient.max}`,
			Math.max(0, ...perMailbox.values()) <= LIMITS.mailsPerRecipient.max,
		],
		["  to disposable domains", toDisposable, "0", toDisposable === 0],
		["  naming evil.example", namingEvil, "0", namingEvil === 0],
		[
			"  carrying a voucher link / to anyone but its owner",
			`${voucherLinksMailed} / ${voucherLinkToOthers}`,
			"- / 0",
			voucherLinkToOthers === 0,
		],
		["answers naming evil.example", seen.evilHost, "0", seen.evilHost === 0],
		["refused with 429 (rate limits)", refused429, "-", undefined],
		["refused with a form error (see above which)", formErrors, "-", undefined],
		[
			"server errors (5xx) / no answer",
			`${seen.serverErrors.length} / ${seen.noAnswer}`,
			"0 / 0",
			seen.serverErrors.length === 0 && seen.noAnswer === 0,
		],
	];

	console.log(
		`\n${seen.requests} requests in ${seconds.toFixed(0)} s, ${LANES} attack lanes and ${NO_SCRIPT_LANES} no-script lanes\n`,
	);
	console.log("What each attack got (answers by kind):");
	for (const [attack, byOutcome] of outcomes) {
		const total = [...byOutcome.values()].reduce((sum, n) => sum + n, 0);
		const kinds = [...byOutcome]
			.sort((a, b) => b[1] - a[1])
			.map(([outcome, n]) => `${outcome}: ${n}`)
			.join(", ");
		console.log(`  ${attack} (${total}): ${kinds}`);
	}
	console.log("\nWhat the fraudster obtained, and what the server's database holds:\n");
	console.log(`  ${"".padEnd(58)} ${"figure".padStart(22)}   budget`);
	for (const [label, value, budget, ok] of rows) {
		const verdict = ok === undefined ? "" : ok ? "  ok" : "  OVER BUDGET";
		console.log(`  ${label.padEnd(58)} ${String(value).padStart(22)}   ${budget}${verdict}`);
	}
	for (const error of seen.serverErrors) console.log(`  server error: ${error}`);
	if (rows.some(([, , , ok]) => ok === false)) process.exitCode = 1;
} finally {
	if (!stopped) await server.stop();
	rmSync(dataDir, { recursive: true, force: true });
}

// What the protections cost an honest visitor: the flow's own speed, measured as bench:registrations does.
console.log(
	"\nThe new flow's speed (registration and confirmation; the measurement of npm run bench:registrations):",
);
if (
	!(await measureRegistrationRate({
		timed: Number(process.env.BENCH_REGISTRATIONS ?? 6000),
		postgresUrl: process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL,
	}))
)
	process.exitCode = 1;

function countBy(values: readonly string[]): Map<string, number> {
	const counts = new Map<string, number>();
	for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
	return counts;
}
