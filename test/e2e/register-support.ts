import { solveChallenge } from "altcha-lib";
import { deriveKey as sha } from "altcha-lib/algorithms/sha";
import { origin as sharedOrigin } from "../helpers/browser";
import { type StaffServer, startStaffServer } from "./staff-support";

let target: string | undefined;
/** The site these helpers talk to: the shared test server, unless a file started its own. */
export const talkTo = (url: string | undefined) => {
	target = url;
};
const origin = () => target ?? sharedOrigin();

let stores: string[] = [];

/**
 * A site of the file's own (its own database, with `env`) that these helpers talk to, its stores seeded;
 * stopping it turns them back to the shared server.
 */
export async function startRegistrationSite(env: Record<string, string> = {}): Promise<StaffServer> {
	const site = await startStaffServer(env);
	talkTo(site.server.origin);
	await seedStores();
	return {
		...site,
		async stop() {
			talkTo(undefined);
			await site.stop();
		},
	};
}

/** Three partner stores of the server's own seed, for the form's store select. */
export async function seedStores(): Promise<string[]> {
	const response = await fetch(`${origin()}/_fixtures/registration/stores`);
	stores = ((await response.json()) as { stores: string[] }).stores;
	return stores;
}

/** One of the stores seedStores() found. */
export const storeId = (index: number): string => {
	const id = stores[index];
	if (!id) throw new Error("call seedStores() first");
	return id;
};

/** A time-trap token as if the form had been shown `ageMs` ago: time is moved, not waited for. */
export async function timeTrap(ageMs: number): Promise<string> {
	const response = await fetch(`${origin()}/_fixtures/registration/time-trap?age=${ageMs}`);
	return ((await response.json()) as { token: string }).token;
}

/** Solves one of our ALTCHA challenges as the widget would (asked for from `ip`, whose network's pace sets its work). */
export async function solvedChallenge(ip?: string): Promise<string> {
	const headers: Record<string, string> = ip ? { "x-forwarded-for": ip } : {};
	const challenge = await (await fetch(`${origin()}/register/challenge`, { headers })).json();
	const solution = await solveChallenge({ challenge, deriveKey: sha });
	return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}

let people = 0;
/** A unique e-mail address per call, so tests sharing the server do not meet. */
export const uniqueEmail = (label: string) => `${label}.${Date.now()}.${++people}@example.cz`;

/**
 * A surname of letters no other call (in any test process) makes: a voucher is issued once per person
 * (name and birth date), and tests share one server.
 */
export function uniqueSurname(): string {
	const n = BigInt(`${Date.now()}${process.pid}${++people}`);
	let letters = "";
	for (let rest = n; rest > 0n; rest /= 26n) letters += String.fromCharCode(97 + Number(rest % 26n));
	return `${letters[0]?.toUpperCase()}${letters.slice(1)}`;
}

export async function registration(fields: Record<string, string> = {}): Promise<URLSearchParams> {
	return new URLSearchParams({
		name: `Jana Nováková ${uniqueSurname()}`,
		email: uniqueEmail("jana"),
		birthDate: "1990-03-15",
		phone: "603 123 456",
		store: storeId(1),
		terms: "on",
		website: "",
		_started: await timeTrap(20_000),
		altcha: await solvedChallenge(),
		send: "",
		...fields,
	});
}

let clients = Math.floor(Math.random() * 60_000);
/**
 * A client address in a network of its own (10.x.y.0/24), so neither the per-IP nor the per-network
 * limits are what a test meets unless it means to.
 */
export const clientIp = () => {
	const n = ++clients % 65_536;
	return `10.${n >>> 8}.${n & 255}.7`;
};

/** POSTs a registration from its own client address, so the per-IP rate limit is not what is tested. */
export const postRegistration = (body: URLSearchParams, path = "/register", ip = clientIp()) =>
	fetch(`${origin()}${path}`, {
		method: "POST",
		body,
		redirect: "manual",
		headers: { "x-forwarded-for": ip },
	});

export async function outbox(recipient: string): Promise<string[]> {
	const html = await (await fetch(`${origin()}/_outbox?to=${encodeURIComponent(recipient)}`)).text();
	const bodies: string[] = [];
	for (const match of html.matchAll(
		/data-recipient="([^"]*)"[\s\S]*?<pre class="outbox__body">([\s\S]*?)<\/pre>/g,
	)) {
		if (match[1] === recipient) bodies.push(match[2] ?? "");
	}
	return bodies;
}

/**
 * The confirmation link (a path) in the newest e-mail to `recipient` that has one (the e-mail with the
 * voucher, sent once the link is opened, has none).
 */
export async function confirmationLink(recipient: string): Promise<string> {
	const mails = await outbox(recipient);
	const links = mails.map(
		(mail) => /https?:\/\/[^/\s]+(\/(?:en\/)?register\/confirm\/[\w-]{43})/.exec(mail)?.[1],
	);
	const link = links.find((found) => found !== undefined);
	if (!link) throw new Error(`no confirmation link e-mailed to ${recipient}:\n${mails[0] ?? "(no e-mail)"}`);
	return link;
}

/** Opens a confirmation link as the mailbox's owner would; resolves to the answer (not followed). */
export const openLink = (path: string) => fetch(`${origin()}${path}`, { redirect: "manual" });

/** Registers and confirms from the mailbox: the voucher page's path. */
export async function registerAndConfirm(fields: Record<string, string> = {}): Promise<string> {
	const body = await registration(fields);
	const response = await postRegistration(body);
	if (response.status !== 303) throw new Error(`registration answered ${response.status}`);
	const confirmed = await openLink(await confirmationLink(body.get("email") ?? ""));
	const location = confirmed.headers.get("location") ?? "";
	if (confirmed.status !== 303 || !/\/voucher\/[\w-]{43}$/.test(location)) {
		throw new Error(`confirmation answered ${confirmed.status} ${location}`);
	}
	return location;
}
