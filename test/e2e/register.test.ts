/**
 * Registration over HTTP: validation, the bot protection's layers, one voucher per e-mail (also under
 * concurrency), the rate limit, and the voucher page's privacy. The browser flow is register-browser.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { origin } from "../helpers/browser";
import {
	outbox,
	postRegistration,
	registration,
	seedStores,
	solvedChallenge,
	timeTrap,
	uniqueEmail,
} from "./register-support";

beforeAll(seedStores);

const html = async (response: Response) => response.text();

describe("a valid registration", () => {
	it("redirects (303) to the voucher page, whose code is an EAN-13, and e-mails its link", async () => {
		const body = await registration();
		const response = await postRegistration(body);
		expect(response.status).toBe(303);
		const location = response.headers.get("location") ?? "";
		expect(location).toMatch(/^\/voucher\/[\w-]{43}$/);
		const page = await fetch(`${origin()}${location}`);
		expect(page.status).toBe(200);
		expect(page.headers.get("cache-control")).toBe("no-store");
		expect(page.headers.get("referrer-policy")).toBe("no-referrer");
		const text = await page.text();
		expect(text).toContain('<meta name="robots" content="noindex, nofollow"/>');
		expect(text).toMatch(/<code class="voucher__code">29\d{11}<\/code>/);
		const mails = await outbox(body.get("email") ?? "");
		expect(mails).toHaveLength(1);
		expect(mails[0]).toContain(`${origin()}${location}`);
	});

	it("answers an ajax submission with {redirect}", async () => {
		const body = await registration();
		const response = await fetch(`${origin()}/en/register`, {
			method: "POST",
			body,
			headers: { "x-requested-with": "XMLHttpRequest", "x-forwarded-for": "203.0.113.77" },
		});
		expect(await response.json()).toEqual({ redirect: expect.stringMatching(/^\/en\/voucher\/[\w-]{43}$/) });
	});

	it("answers an unknown voucher token with 404", async () => {
		expect((await fetch(`${origin()}/voucher/${"x".repeat(43)}`)).status).toBe(404);
		expect((await fetch(`${origin()}/voucher/short`)).status).toBe(404);
	});
});

describe("bad input", () => {
	it("keeps the values and shows each error next to its field, never a 500", async () => {
		const body = await registration({ email: "jana@", birthDate: "2015-06-01", phone: "12", terms: "" });
		body.delete("terms");
		const response = await postRegistration(body);
		expect(response.status).toBe(200);
		const page = await html(response);
		expect(page).toContain('value="Jana Nováková"');
		expect(page).toMatch(/id="frm-register-email-error">Zadejte prosím platnou e-mailovou adresu/);
		expect(page).toMatch(/id="frm-register-birthDate-error">Poukázku můžeme vydat jen osobám/);
		expect(page).toMatch(/id="frm-register-phone-error">Zadejte prosím telefon/);
		expect(page).toMatch(/id="frm-register-terms-error">Bez souhlasu/);
	});

	it("refuses a birth date that is not a real day and one 18 years ago tomorrow", async () => {
		const tomorrow18 = new Date(Date.now() + 36 * 3600 * 1000);
		tomorrow18.setUTCFullYear(tomorrow18.getUTCFullYear() - 18);
		for (const birthDate of ["1990-02-31", tomorrow18.toISOString().slice(0, 10)]) {
			const response = await postRegistration(await registration({ birthDate }));
			expect(response.status).toBe(200);
			expect(await html(response)).toContain('id="frm-register-birthDate-error"');
		}
	});

	it.each([
		["garbage", "application/json"],
		["%ZZ", "application/x-www-form-urlencoded"],
	])("answers a body it cannot read (%s) with a page, not a 500", async (body, type) => {
		const response = await fetch(`${origin()}/register`, {
			method: "POST",
			body,
			headers: { "content-type": type, "x-forwarded-for": "203.0.113.9" },
		});
		expect(response.status).toBeGreaterThanOrEqual(400);
		expect(response.status).toBeLessThan(500);
	});
});

describe("bot protection", () => {
	const refused = async (body: URLSearchParams, message: RegExp) => {
		const response = await postRegistration(body);
		expect(response.status).toBe(200);
		const page = await html(response);
		expect(page).toMatch(message);
		expect(page).toContain('value="Jana Nováková"');
		expect(await outbox(body.get("email") ?? "")).toEqual([]);
	};

	it("refuses a filled honeypot", async () => {
		await refused(await registration({ website: "https://cheap-pills.example" }), /Nepodařilo se ověřit/);
	});

	it("refuses a submission faster than the time trap allows", async () => {
		await refused(await registration({ _started: await timeTrap(500) }), /přišel nezvykle rychle/);
	});

	it("refuses a forged time trap and a forged challenge", async () => {
		const token = await timeTrap(20_000);
		await refused(await registration({ _started: token.replace(/^\d+/, "1") }), /Nepodařilo se ověřit/);
		const encode = (payload: unknown) => Buffer.from(JSON.stringify(payload)).toString("base64");
		const extended = JSON.parse(Buffer.from(await solvedChallenge(), "base64").toString());
		extended.challenge.parameters.expiresAt += 86_400;
		await refused(await registration({ altcha: encode(extended) }), /Nepodařilo se ověřit/);
		const guessed = JSON.parse(Buffer.from(await solvedChallenge(), "base64").toString());
		guessed.solution.derivedKey = "0".repeat(64);
		await refused(await registration({ altcha: encode(guessed) }), /Nepodařilo se ověřit/);
	});

	it("refuses a missing challenge while the form is young, accepts it once the no-JS wait is over", async () => {
		const young = await registration({ _started: await timeTrap(5_000) });
		young.delete("altcha");
		await refused(young, /přišel nezvykle rychle/);
		const patient = await registration({ _started: await timeTrap(15_000) });
		patient.delete("altcha");
		expect((await postRegistration(patient)).status).toBe(303);
	});

	it("refuses a replayed challenge", async () => {
		const altcha = await solvedChallenge();
		expect((await postRegistration(await registration({ altcha }))).status).toBe(303);
		await refused(await registration({ altcha }), /Nepodařilo se ověřit/);
	});
});

describe("one voucher per e-mail", () => {
	it("sends the link again instead of a second voucher, however the address is typed", async () => {
		const email = uniqueEmail("twice");
		const first = await postRegistration(await registration({ email }));
		expect(first.status).toBe(303);
		const voucher = first.headers.get("location") ?? "";
		const second = await postRegistration(await registration({ email: `  ${email.toUpperCase()} ` }));
		expect(second.status).toBe(303);
		expect(second.headers.get("location")).toBe("/register/again");
		expect(await html(await fetch(`${origin()}/register/again`))).toContain(
			"S tímto e-mailem už poukázku máte",
		);
		const mails = await outbox(email);
		expect(mails).toHaveLength(2);
		for (const mail of mails) expect(mail).toContain(`${origin()}${voucher}`);
	});

	it("issues exactly one voucher to 20 concurrent registrations of one address", async () => {
		const email = uniqueEmail("race");
		const bodies = await Promise.all(Array.from({ length: 20 }, () => registration({ email })));
		const responses = await Promise.all(bodies.map((body) => postRegistration(body)));
		const locations = responses.map((response) => response.headers.get("location"));
		expect(responses.every((response) => response.status === 303)).toBe(true);
		expect(locations.filter((location) => location?.startsWith("/voucher/"))).toHaveLength(1);
		expect(locations.filter((location) => location === "/register/again")).toHaveLength(19);
		expect(await outbox(email)).toHaveLength(20);
	});
});

describe("rate limit", () => {
	it("answers the 11th registration from one address within 10 minutes with a friendly 429 page", async () => {
		const ip = "192.0.2.200";
		const statuses: number[] = [];
		for (let i = 0; i < 11; i++) {
			const body = new URLSearchParams({ name: "x" });
			statuses.push((await postRegistration(body, "/register", ip)).status);
		}
		expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
		expect(statuses[10]).toBe(429);
		const page = await html(await postRegistration(new URLSearchParams(), "/register", ip));
		expect(page).toContain("Příliš mnoho pokusů");
		// By ajax (the form with JavaScript), the runtime shows the answer's error: the same text.
		const ajax = await fetch(`${origin()}/register`, {
			method: "POST",
			body: new URLSearchParams(),
			headers: { "x-forwarded-for": ip, "x-requested-with": "XMLHttpRequest" },
		});
		expect(ajax.status).toBe(429);
		expect(await ajax.json()).toEqual({
			error: "Příliš mnoho pokusů. Počkejte prosím chvíli a zkuste to znovu.",
		});
	});
});
