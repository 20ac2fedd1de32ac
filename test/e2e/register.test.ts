/**
 * Registration over HTTP: validation, the bot protection's layers, the double opt-in (the voucher only
 * through the link e-mailed to the mailbox), one voucher per mailbox and per person (also under
 * concurrency), the limits, and the voucher page's privacy. The browser flows are register-browser and
 * register-journey.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { ANTISPAM_FIELDS } from "../../src/components/antispam/fields";
import { origin } from "../helpers/browser";
import {
	clientIp,
	confirmationLink,
	openLink,
	outbox,
	postRegistration,
	registerAndConfirm,
	registration,
	seedStores,
	solvedChallenge,
	timeTrap,
	uniqueEmail,
} from "./register-support";

beforeAll(seedStores);

const html = async (response: Response) => response.text();
const cookieOf = (response: Response) => response.headers.get("set-cookie")?.split(";")[0] ?? "";
const sentPage = (cookie: string, path = "/register/sent") =>
	fetch(`${origin()}${path}`, { headers: { cookie } }).then(html);

/** The form again with `message`, the values kept, and no e-mail sent. */
async function refused(body: URLSearchParams, message: RegExp, ip?: string) {
	const response = await postRegistration(body, "/register", ip);
	expect(response.status).toBe(200);
	const page = await html(response);
	expect(page).toMatch(message);
	expect(page).toContain('value="Jana Nováková ');
	expect(await outbox(body.get("email") ?? "")).toEqual([]);
}

describe("a valid registration", () => {
	it("answers with the check-your-inbox page and e-mails a link; the link issues the voucher, once", async () => {
		const body = await registration();
		const email = body.get("email") ?? "";
		const response = await postRegistration(body);
		expect(response.status).toBe(303);
		expect(response.headers.get("location")).toBe("/register/sent");
		// No voucher without the mailbox: nothing in the answer leads to one.
		expect(await html(response)).not.toMatch(/voucher|confirm/);
		const cookie = cookieOf(response);
		expect(response.headers.get("set-cookie")).toMatch(/HttpOnly/i);
		const page = await sentPage(cookie);
		expect(page).toContain("Zkontrolujte svou e-mailovou schránku");
		expect(page).toContain(`ja•••${email.split("@")[0]?.at(-1)}@example.cz`);
		expect(page).not.toContain(email);

		const link = await confirmationLink(email);
		const [mail] = await outbox(email);
		expect(mail).toContain(`${origin()}${link}`);
		expect(mail).toMatch(/^Dobrý den, Jano Nováková \w+,/);
		const confirmed = await openLink(link);
		expect(confirmed.status).toBe(303);
		const location = confirmed.headers.get("location") ?? "";
		expect(location).toMatch(/^\/voucher\/[\w-]{43}$/);
		const voucher = await fetch(`${origin()}${location}`);
		expect(voucher.status).toBe(200);
		expect(voucher.headers.get("cache-control")).toBe("no-store");
		expect(voucher.headers.get("referrer-policy")).toBe("no-referrer");
		const text = await voucher.text();
		expect(text).toContain('<meta name="robots" content="noindex, nofollow"/>');
		const code = /<code class="voucher__code">(29\d{11})<\/code>/.exec(text)?.[1];
		expect(code).toBeDefined();

		// Opening the link again shows the same voucher, and issues nothing more: beside the confirmation
		// e-mail, one with the voucher, its link and its code.
		const again = await openLink(link);
		expect(again.headers.get("location")).toBe(location);
		const mails = await outbox(email);
		expect(mails).toHaveLength(2);
		expect(mails[1]).toBe(mail);
		expect(mails[0]).toContain(`${origin()}${location}\n\nKód poukázky: ${code}\n`);
		expect(mails[0]).toMatch(/^Dobrý den, Jano Nováková \w+,/);
	});

	it("answers an ajax submission with {redirect} to the check-your-inbox page", async () => {
		const body = await registration();
		const response = await fetch(`${origin()}/en/register`, {
			method: "POST",
			body,
			headers: { "x-requested-with": "XMLHttpRequest", "x-forwarded-for": clientIp() },
		});
		expect(await response.json()).toEqual({ redirect: "/en/register/sent" });
		const link = await confirmationLink(body.get("email") ?? "");
		expect(link).toMatch(/^\/en\/register\/confirm\//);
		expect((await openLink(link)).headers.get("location")).toMatch(/^\/en\/voucher\/[\w-]{43}$/);
	});

	it("answers an unknown voucher token and an unknown confirmation link with 404", async () => {
		expect((await fetch(`${origin()}/voucher/${"x".repeat(43)}`)).status).toBe(404);
		expect((await fetch(`${origin()}/voucher/short`)).status).toBe(404);
		const unknown = await openLink(`/register/confirm/${"x".repeat(43)}`);
		expect(unknown.status).toBe(404);
		expect(await html(unknown)).toContain("Tento odkaz neplatí");
		expect((await openLink("/en/register/confirm/short")).status).toBe(404);
	});

	it("refuses a link older than 48 hours, kindly, and issues nothing", async () => {
		const body = await registration();
		const email = body.get("email") ?? "";
		await postRegistration(body);
		const link = await confirmationLink(email);
		await fetch(
			`${origin()}/_fixtures/registration/age-signups?email=${encodeURIComponent(email)}&ms=${49 * 3600_000}`,
		);
		const expired = await openLink(link);
		expect(expired.status).toBe(410);
		expect(await html(expired)).toContain("Platnost odkazu vypršela");
	});
});

describe("the check-your-inbox page", () => {
	it("sends the e-mail again only after the cooldown, with the same link", async () => {
		const body = await registration();
		const email = body.get("email") ?? "";
		const cookie = cookieOf(await postRegistration(body));
		const resend = () =>
			fetch(`${origin()}/register/resend`, {
				method: "POST",
				body: new URLSearchParams({ resend: "" }),
				headers: { cookie, "x-forwarded-for": clientIp() },
			}).then(html);
		expect(await resend()).toMatch(/Další e-mail můžeme poslat za \d+ s/);
		expect(await outbox(email)).toHaveLength(1);
		await fetch(`${origin()}/_fixtures/registration/age-signups?email=${encodeURIComponent(email)}&ms=61000`);
		expect(await resend()).toContain("E-mail jsme poslali znovu.");
		const mails = await outbox(email);
		expect(mails).toHaveLength(2);
		expect(mails[0]).toBe(mails[1]);
	});

	it("corrects a mistyped address: the new one gets a link, the old one's stops working", async () => {
		const body = await registration({ email: uniqueEmail("typo").replace("example.cz", "exmaple.cz") });
		const wrong = body.get("email") ?? "";
		const cookie = cookieOf(await postRegistration(body));
		const oldLink = await confirmationLink(wrong);
		const right = uniqueEmail("fixed");
		const corrected = await fetch(`${origin()}/register/correct`, {
			method: "POST",
			body: new URLSearchParams({ email: right, correct: "" }),
			headers: { cookie, "x-forwarded-for": clientIp() },
			redirect: "manual",
		});
		expect(corrected.status).toBe(303);
		expect(corrected.headers.get("location")).toBe("/register/sent?corrected");
		expect(await sentPage(cookieOf(corrected), "/register/sent?corrected")).toContain(
			"Adresu jsme opravili a e-mail poslali na ni.",
		);
		expect((await openLink(oldLink)).status).toBe(404);
		expect((await openLink(await confirmationLink(right))).headers.get("location")).toMatch(/^\/voucher\//);
	});

	it("corrects one registration's address three times at most", async () => {
		let cookie = cookieOf(await postRegistration(await registration()));
		const correct = (email: string) =>
			fetch(`${origin()}/en/register/correct`, {
				method: "POST",
				body: new URLSearchParams({ email, correct: "" }),
				headers: { cookie, "x-forwarded-for": clientIp() },
				redirect: "manual",
			});
		for (let i = 0; i < 3; i++) {
			const corrected = await correct(uniqueEmail("again"));
			expect(corrected.status).toBe(303);
			cookie = cookieOf(corrected);
		}
		const refused = await correct(uniqueEmail("fourth"));
		expect(refused.status).toBe(200);
		expect(await refused.text()).toContain("The address has been corrected several times already");
	});

	it("refuses a correction to a disposable mailbox next to the field", async () => {
		const cookie = cookieOf(await postRegistration(await registration()));
		const page = await fetch(`${origin()}/en/register/correct`, {
			method: "POST",
			body: new URLSearchParams({ email: "someone@mailinator.com", correct: "" }),
			headers: { cookie, "x-forwarded-for": clientIp() },
		}).then(html);
		expect(page).toMatch(/id="frm-correct-email-error">We do not send vouchers to disposable mailboxes/);
		expect(page).toMatch(/aria-invalid="true"/);
	});
});

describe("bad input", () => {
	it("keeps the values and shows each error next to its field, never a 500", async () => {
		const body = await registration({ email: "jana@", birthDate: "2015-06-01", phone: "12", terms: "" });
		body.delete("terms");
		const response = await postRegistration(body);
		expect(response.status).toBe(200);
		const page = await html(response);
		expect(page).toContain('value="Jana Nováková ');
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
		expect(response.status).toBe(400);
		expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
		// The site's error page, in the page's language, saying what to do; nothing of the body or internals.
		const page = await html(response);
		expect(page).toContain('<h1 id="error-title">Požadavek se nepodařilo zpracovat</h1>');
		expect(page).toContain("Vraťte se prosím zpět a zkuste to znovu.");
		expect(page).not.toContain(body);
		expect(page).not.toMatch(/Error|at \w+ \(/);
	});
});

describe("bot protection", () => {
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
		young.set(ANTISPAM_FIELDS.noScript, "1");
		await refused(young, /přišel nezvykle rychle/);
		const patient = await registration({ _started: await timeTrap(15_000) });
		patient.delete("altcha");
		patient.set(ANTISPAM_FIELDS.noScript, "1");
		expect((await postRegistration(patient)).status).toBe(303);
	});

	it("refuses a submission with neither a solved challenge nor the mark of a browser without scripts", async () => {
		const body = await registration({ _started: await timeTrap(15_000) });
		body.delete("altcha");
		await refused(body, /Nepodařilo se ověřit/);
	});

	it("answers the same form sent twice (a double click) as the first time, with one e-mail", async () => {
		const body = await registration();
		const [first, second] = [await postRegistration(body), await postRegistration(body)];
		expect([first.status, second.status]).toEqual([303, 303]);
		expect(second.headers.get("location")).toBe("/register/sent");
		expect(cookieOf(second)).toBe(cookieOf(first));
		expect(await outbox(body.get("email") ?? "")).toHaveLength(1);
	});

	it("takes each form token once", async () => {
		const _started = await timeTrap(20_000);
		expect((await postRegistration(await registration({ _started }))).status).toBe(303);
		await refused(await registration({ _started }), /Nepodařilo se ověřit/);
	});

	it("refuses a replayed challenge", async () => {
		const altcha = await solvedChallenge();
		expect((await postRegistration(await registration({ altcha }))).status).toBe(303);
		await refused(await registration({ altcha }), /Nepodařilo se ověřit/);
	});
});

describe("one voucher per mailbox", () => {
	it("treats every spelling of one Gmail mailbox as one: its voucher's link is e-mailed again", async () => {
		const local = `alice.test${Date.now()}`;
		const voucher = await registerAndConfirm({ email: `${local}@gmail.com` });
		// Two more: a mailbox gets three e-mails a day at most (test/unit/email-identity.test.ts has them all).
		const spellings = [
			`${local.toUpperCase()}+1@Gmail.com`,
			`${local.replaceAll(".", "").split("").join(".")}@googlemail.com`,
		];
		for (const email of spellings) {
			const response = await postRegistration(await registration({ email }));
			// The same answer as for a new address: nobody learns from it who took part.
			expect(response.status).toBe(303);
			expect(response.headers.get("location")).toBe("/register/sent");
			const [mail] = await outbox(email);
			expect(mail).toContain(`${origin()}${voucher}`);
			expect(mail).not.toContain("/register/confirm/");
		}
	});

	it("e-mails one mailbox at most three times a day, and issues one voucher to concurrent confirmations", async () => {
		const email = uniqueEmail("race");
		const bodies = await Promise.all(Array.from({ length: 5 }, () => registration({ email })));
		const responses = await Promise.all(bodies.map((body) => postRegistration(body)));
		const statuses = responses.map((response) => response.status).sort();
		expect(statuses).toEqual([200, 200, 303, 303, 303]);
		const refusals = await Promise.all(responses.filter((r) => r.status === 200).map(html));
		for (const page of refusals)
			expect(page).toContain("Na tuto adresu jsme dnes poslali už několik e-mailů");
		const links = [
			...new Set((await outbox(email)).map((mail) => /\/register\/confirm\/[\w-]{43}/.exec(mail)?.[0])),
		];
		expect(links).toHaveLength(3);
		const opened = await Promise.all(links.flatMap((link) => [openLink(link ?? ""), openLink(link ?? "")]));
		const locations = new Set(opened.map((response) => response.headers.get("location")));
		expect(opened.every((response) => response.status === 303)).toBe(true);
		expect(locations.size).toBe(1);
	});
});

describe("one voucher per person", () => {
	it("issues none to the same name and birth date from another mailbox, and says why", async () => {
		const name = `Věra Testová ${Date.now()}`;
		await registerAndConfirm({ name, birthDate: "1985-07-01" });
		const body = await registration({
			name: `  testova   VERA ${name.split(" ")[2]}`,
			birthDate: "1985-07-01",
		});
		await postRegistration(body);
		const refused = await openLink(await confirmationLink(body.get("email") ?? ""));
		expect(refused.status).toBe(409);
		expect(await html(refused)).toContain("Na tyto údaje už poukázku máte");
	});
});

describe("addresses that cannot register", () => {
	it.each([
		["/register", "someone@mailinator.com", "Na dočasné e-mailové schránky poukázky neposíláme"],
		["/en/register", "someone@10minutemail.com", "We do not send vouchers to disposable mailboxes"],
		["/register", '"alicetest"@gmail.com', "Zadejte prosím adresu bez uvozovek"],
		["/en/register", "alicetest@gm\u0430il.com", "mixes letters from different alphabets"],
		["/register", "alicetest@xn--gmil-63d.com", "míchá písmena z různých abeced"],
	])("%s refuses %s next to the e-mail field", async (path, email, message) => {
		const body = await registration({ email });
		const response = await postRegistration(body, path);
		expect(response.status).toBe(200);
		const page = await html(response);
		expect(page).toMatch(new RegExp(`id="frm-register-email-error">[^<]*${message}`));
		expect(page).toContain('value="Jana Nováková ');
		expect(await outbox(email)).toEqual([]);
	});
});

describe("a network registering faster than people do", () => {
	it("must solve harder challenges: one fetched while it was quiet no longer passes", async () => {
		const network = `10.200.${Math.floor(Math.random() * 250)}`;
		const cheap = await solvedChallenge(`${network}.250`);
		// 21 signups in ten minutes from one /24 (each from its own address: the per-IP limit is not what
		// is tested) take the work to eight times the base, past every counter a quiet network is given.
		for (let i = 1; i <= 21; i++) {
			const ip = `${network}.${i}`;
			const response = await postRegistration(
				await registration({ altcha: await solvedChallenge(ip) }),
				"/register",
				ip,
			);
			expect(response.status, `signup ${i}`).toBe(303);
		}
		const ip = `${network}.249`;
		await refused(await registration({ altcha: cheap }), /Nepodařilo se ověřit/, ip);
		const fresh = await postRegistration(
			await registration({ altcha: await solvedChallenge(ip) }),
			"/register",
			ip,
		);
		expect(fresh.status).toBe(303);
	});

	it("gets five signups without scripts an hour, then a 429", async () => {
		const network = `10.201.${Math.floor(Math.random() * 250)}`;
		const statuses: number[] = [];
		for (let i = 1; i <= 6; i++) {
			const body = await registration({ _started: await timeTrap(15_000), [ANTISPAM_FIELDS.noScript]: "1" });
			body.delete("altcha");
			statuses.push((await postRegistration(body, "/register", `${network}.${i}`)).status);
		}
		expect(statuses).toEqual([303, 303, 303, 303, 303, 429]);
	});
});

describe("links in e-mails", () => {
	it("come from the configured origin, never from a forged Host or X-Forwarded-Host", async () => {
		const body = await registration();
		await fetch(`${origin()}/register`, {
			method: "POST",
			body,
			redirect: "manual",
			headers: { "x-forwarded-for": clientIp(), "x-forwarded-host": "evil.example" },
		});
		const [mail] = await outbox(body.get("email") ?? "");
		expect(mail).toContain(`${origin()}/register/confirm/`);
		expect(mail).not.toContain("evil.example");
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
