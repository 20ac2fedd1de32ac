import { solveChallenge } from "altcha-lib";
import { deriveKey as sha } from "altcha-lib/algorithms/sha";
import { origin } from "../helpers/browser";

let stores: string[] = [];

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

/** Solves one of our ALTCHA challenges as the widget would. */
export async function solvedChallenge(): Promise<string> {
	const challenge = await (await fetch(`${origin()}/register/challenge`)).json();
	const solution = await solveChallenge({ challenge, deriveKey: sha });
	return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}

let people = 0;
/** A unique e-mail address per call, so tests sharing the server do not meet. */
export const uniqueEmail = (label: string) => `${label}.${Date.now()}.${++people}@example.cz`;

export async function registration(fields: Record<string, string> = {}): Promise<URLSearchParams> {
	return new URLSearchParams({
		name: "Jana Nováková",
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

let clients = 0;
/** POSTs a registration from its own client address, so the per-IP rate limit is not what is tested. */
export const postRegistration = (
	body: URLSearchParams,
	path = "/register",
	ip = `198.51.100.${++clients % 250}`,
) =>
	fetch(`${origin()}${path}`, {
		method: "POST",
		body,
		redirect: "manual",
		headers: { "x-forwarded-for": ip },
	});

export async function outbox(recipient: string): Promise<string[]> {
	const html = await (await fetch(`${origin()}/_outbox`)).text();
	const bodies: string[] = [];
	for (const match of html.matchAll(
		/data-recipient="([^"]*)"[\s\S]*?<pre class="outbox__body">([\s\S]*?)<\/pre>/g,
	)) {
		if (match[1] === recipient) bodies.push(match[2] ?? "");
	}
	return bodies;
}
