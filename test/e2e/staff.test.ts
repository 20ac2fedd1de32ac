/**
 * The staff area over HTTP: who gets in (and that nobody else's body is read), the session cookie,
 * redemption outcomes with their reasons, concurrency and rate limits. Its own server, so its rate
 * limits and database are its own. Sign-in limits: staff-sign-in-limits.test.ts.
 */
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashSessionId } from "../../src/server/auth/session";
import { ean13, type SeededStaff, seedStaff, seedStore, seedVoucher } from "../helpers/staff-fixtures";
import { postSignIn, type StaffServer, sessionCookie, signIn, startStaffServer } from "./staff-support";

let staff: StaffServer;
let storeId: string;
let cashier: SeededStaff;

beforeAll(async () => {
	staff = await startStaffServer();
	const { db } = staff.database;
	storeId = await seedStore(db);
	cashier = await seedStaff(db, { role: "staff", storeId });
});
afterAll(() => staff.stop());

const AJAX = { "x-requested-with": "XMLHttpRequest" };

function redeem(cookie: string, code: string, ajax = true): Promise<Response> {
	return fetch(staff.url("/staff"), {
		method: "POST",
		body: new URLSearchParams({ code, redeem: "" }),
		headers: { cookie, ...(ajax ? AJAX : {}) },
		redirect: "manual",
	});
}

/** The text of the redemption outcome in an ajax answer. */
async function outcomeOf(response: Response): Promise<string> {
	const { snippets } = (await response.json()) as { snippets: Record<string, string> };
	const html = snippets["snippet--redeem"] ?? "";
	return /class="staff-outcome[^"]*" role="(?:status|alert)">([^<]*)</.exec(html)?.[1] ?? html;
}

describe("access", () => {
	it("sends anonymous visitors to the sign-in page, ajax by a 401 with its redirect, in their language", async () => {
		for (const [path, login, error] of [
			[
				"/staff",
				"/staff/login?required",
				"Nejste přihlášeni (přihlášení platí 12 hodin). Přihlaste se prosím.",
			],
			[
				"/en/staff",
				"/en/staff/login?required",
				"You are not signed in (a sign-in lasts 12 hours). Please sign in.",
			],
		] as const) {
			const response = await fetch(staff.url(path), { redirect: "manual" });
			expect(response.status).toBe(303);
			expect(response.headers.get("location")).toBe(login);
			const ajax = await fetch(staff.url(path), { method: "POST", headers: AJAX, redirect: "manual" });
			expect(ajax.status).toBe(401);
			expect(ajax.headers.get("cache-control")).toBe("no-store");
			expect(await ajax.json()).toEqual({ error, redirect: login });
			// The page says why: the same words, as a status above the form.
			expect(await (await fetch(staff.url(login))).text()).toContain(
				`<p class="staff-login__status" role="status">${error}</p>`,
			);
		}
		const plain = await redeem("lumen_staff=forged", ean13(1), false);
		expect(plain.status).toBe(303);
	});

	it("serves the sign-in page uncached and unindexed", async () => {
		const response = await fetch(staff.url("/staff/login"));
		expect(response.status).toBe(200);
		expect(response.headers.get("cache-control")).toBe("no-store");
		expect(response.headers.get("x-robots-tag")).toBe("noindex, nofollow");
		expect(await response.text()).toContain('<meta name="robots" content="noindex, nofollow"/>');
	});

	it("refuses a wrong password and an unknown e-mail with the same message, and opens no session", async () => {
		for (const credentials of [
			{ email: cashier.email, password: "wrong password" },
			{ email: "nobody@lumen.example", password: cashier.password },
		]) {
			const response = await postSignIn(staff, credentials);
			expect(response.status).toBe(200);
			expect(sessionCookie(response)).toBeUndefined();
			const html = await response.text();
			expect(html).toContain("Nesprávný e-mail nebo heslo.");
			expect(html).not.toContain(credentials.password);
		}
		const sessions = await staff.database.db.selectFrom("sessions").selectAll().execute();
		expect(sessions).toEqual([]);
	});

	it("sets an HttpOnly, SameSite=Lax session cookie, Secure behind https, stored only as its hash", async () => {
		const response = await postSignIn(staff, cashier);
		expect(response.status).toBe(303);
		expect(response.headers.get("location")).toBe("/staff");
		const cookie = sessionCookie(response)!;
		expect(cookie.value).toMatch(/^[\w-]{43}$/);
		const attributes = (header: string) => header.split("; ").slice(1).sort();
		expect(attributes(cookie.header)).toEqual(["HttpOnly", "Max-Age=43200", "Path=/", "SameSite=Lax"]);
		const row = await staff.database.db
			.selectFrom("sessions")
			.selectAll()
			.where("id_hash", "=", hashSessionId(cookie.value))
			.executeTakeFirst();
		expect(row?.user_id).toBe(cashier.id);
		const stored = await staff.database.db.selectFrom("sessions").select("id_hash").execute();
		expect(stored.map((session) => session.id_hash)).not.toContain(cookie.value);

		const https = await postSignIn(staff, cashier, { "x-forwarded-proto": "https" });
		expect(attributes(sessionCookie(https)!.header)).toEqual([
			"HttpOnly",
			"Max-Age=43200",
			"Path=/",
			"SameSite=Lax",
			"Secure",
		]);
	});

	it("rotates the session at sign-in: the old cookie stops working", async () => {
		const before = await signIn(staff, cashier);
		const response = await postSignIn(staff, cashier, { cookie: before });
		const after = `lumen_staff=${sessionCookie(response)!.value}`;
		expect(after).not.toBe(before);
		expect(
			(await fetch(staff.url("/staff"), { headers: { cookie: before }, redirect: "manual" })).status,
		).toBe(303);
		const page = await fetch(staff.url("/staff"), { headers: { cookie: after } });
		expect(page.status).toBe(200);
		expect(page.headers.get("cache-control")).toBe("no-store");
		expect(await page.text()).toContain("Přihlášen(a): Petr Pokladní");
	});

	it("signs out: the session is deleted and the cookie cleared", async () => {
		const cookie = await signIn(staff, cashier);
		const response = await fetch(staff.url("/staff/logout"), {
			method: "POST",
			headers: { cookie },
			redirect: "manual",
		});
		expect(response.status).toBe(303);
		expect(response.headers.get("location")).toBe("/staff/login?signed-out");
		expect(sessionCookie(response)?.header).toMatch(/lumen_staff=;.*Expires=Thu, 01 Jan 1970/);
		const row = await staff.database.db
			.selectFrom("sessions")
			.selectAll()
			.where("id_hash", "=", hashSessionId(cookie.slice("lumen_staff=".length)))
			.executeTakeFirst();
		expect(row).toBeUndefined();
		expect((await fetch(staff.url("/staff"), { headers: { cookie }, redirect: "manual" })).status).toBe(303);
	});

	it("refuses a POST without a session before reading its body, and a till's save of a text too", async () => {
		const editorless = await signIn(staff, cashier);
		for (const [path, headers, answer] of [
			["/staff", {}, /^HTTP\/1\.1 303 .*\r\nlocation: \/staff\/login\?required\r\n/is],
			["/en/staff", AJAX, /^HTTP\/1\.1 401 /],
			["/staff/content", {}, /^HTTP\/1\.1 303 .*\r\nlocation: \/staff\/login\?required\r\n/is],
			["/en/staff/content", AJAX, /^HTTP\/1\.1 401 /],
			["/staff/content", { cookie: editorless }, /^HTTP\/1\.1 403 /],
		] as const) {
			expect(await answerToUnsentBody(path, headers), path).toMatch(answer);
		}
	});
});

/**
 * Sends a POST's head announcing half a megabyte of form, and only its first bytes: resolves to the
 * head of the answer given while the rest is still awaited, or to "" when none comes (the server
 * waits for the body it means to read).
 */
function answerToUnsentBody(path: string, headers: Record<string, string>): Promise<string> {
	return new Promise((resolve) => {
		const socket = connect(Number(new URL(staff.server.origin).port), "127.0.0.1");
		let answer = "";
		const done = () => {
			clearTimeout(timer);
			socket.destroy();
			resolve(answer.split("\r\n\r\n")[0] ?? "");
		};
		const timer = setTimeout(done, 3000);
		socket.on("data", (chunk) => {
			answer += chunk.toString("latin1");
			if (answer.includes("\r\n\r\n")) done();
		});
		socket.on("error", done);
		const head = Object.entries({
			host: "127.0.0.1",
			"content-type": "application/x-www-form-urlencoded",
			"content-length": String(512 * 1024),
			...headers,
		}).map(([name, value]) => `${name}: ${value}\r\n`);
		socket.write(`POST ${path} HTTP/1.1\r\n${head.join("")}\r\ncode=2900000000001&`);
	});
}

describe("redemption", () => {
	let cookie: string;
	beforeAll(async () => {
		cookie = await signIn(staff, cashier);
	});

	it("redeems a voucher once; a second attempt, at another store, says when and where, never by whom", async () => {
		const code = await seedVoucher(staff.database.db);
		const first = await redeem(cookie, code);
		expect(first.status).toBe(200);
		expect(await outcomeOf(first)).toBe(`Poukázka ${code} je uplatněna. Odečtěte zákazníkovi 150 Kč.`);
		const elsewhere = await seedStore(staff.database.db, "Drogerie Lumen Ostrava");
		const otherTill = await signIn(
			staff,
			await seedStaff(staff.database.db, { role: "staff", storeId: elsewhere, name: "Olga Ostravská" }),
		);
		for (const [till, lang] of [
			[otherTill, "cs"],
			[cookie, "cs"],
			[otherTill, "en"],
		] as const) {
			const response = await fetch(staff.url(lang === "en" ? "/en/staff" : "/staff"), {
				method: "POST",
				body: new URLSearchParams({ code, redeem: "" }),
				headers: { cookie: till, ...AJAX },
			});
			const refusal = await outcomeOf(response);
			expect(refusal).toMatch(
				lang === "en"
					? new RegExp(
							`^Voucher ${code} was already redeemed .+\\d{1,2}:\\d{2}.*, store: Drogerie Lumen Brno, Masarykova\\.$`,
						)
					: new RegExp(
							`^Poukázka ${code} už byla uplatněna \\d{1,2}\\. \\d{1,2}\\. \\d{4} \\d{1,2}:\\d{2}, prodejna: Drogerie Lumen Brno, Masarykova\\.$`,
						),
			);
			expect(refusal).not.toMatch(/Petr|Pokladní|vyřídil|by:/);
		}
	});

	it("refuses unknown and expired codes with the reason, and a wrong check digit next to the field", async () => {
		const unknown = ean13("999999999999".slice(0, 12));
		expect(await outcomeOf(await redeem(cookie, unknown))).toBe(
			`Poukázka s kódem ${unknown} neexistuje. Zkontrolujte číslice.`,
		);
		const expired = await seedVoucher(staff.database.db, { validUntil: "2026-01-31" });
		expect(await outcomeOf(await redeem(cookie, expired))).toBe(
			`Poukázka ${expired} už neplatí: platila do 31. ledna 2026.`,
		);
		const typo = `${expired.slice(0, 12)}${(Number(expired[12]) + 1) % 10}`;
		const response = await redeem(cookie, typo);
		const { snippets } = (await response.json()) as { snippets: Record<string, string> };
		expect(snippets["snippet--redeem"]).toContain("Tento kód není platný: poslední číslice nesedí.");
		expect(snippets["snippet--redeem"]).not.toContain("staff-outcome");
	});

	it("works without JavaScript: a plain form post answers with the whole page", async () => {
		const code = await seedVoucher(staff.database.db);
		const response = await redeem(cookie, code, false);
		expect(response.status).toBe(200);
		const html = await response.text();
		expect(html).toContain(`Poukázka ${code} je uplatněna.`);
		expect(html).toContain('<td class="staff-today__code">');
	});

	it("50 concurrent redemptions of one voucher from five tills: exactly one succeeds", async () => {
		const code = await seedVoucher(staff.database.db);
		const tills = await Promise.all(
			Array.from({ length: 5 }, async (_, index) =>
				signIn(staff, await seedStaff(staff.database.db, { role: "staff", storeId, name: `Till ${index}` })),
			),
		);
		const outcomes = await Promise.all(
			Array.from({ length: 50 }, async (_, index) => outcomeOf(await redeem(tills[index % 5]!, code))),
		);
		expect(
			outcomes.filter((text) => text.endsWith("je uplatněna. Odečtěte zákazníkovi 150 Kč.")),
		).toHaveLength(1);
		expect(outcomes.filter((text) => text.includes("už byla uplatněna"))).toHaveLength(49);
	});

	it("limits redemption attempts per account: signing in again gives no fresh allowance", async () => {
		const busy = await seedStaff(staff.database.db, { role: "staff", storeId, name: "Busy" });
		const first = await signIn(staff, busy);
		const statuses = [];
		for (let attempt = 0; attempt < 60; attempt++)
			statuses.push((await redeem(first, ean13(attempt))).status);
		expect(statuses.every((status) => status === 200)).toBe(true);
		const again = await signIn(staff, busy);
		expect(again).not.toBe(first);
		const refused = await redeem(again, ean13(60));
		expect(refused.status).toBe(429);
		expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
		expect((await redeem(again, ean13(61), false)).status).toBe(429);
		// A colleague at the same store is not held up.
		expect((await redeem(cookie, ean13(62))).status).toBe(200);
	});
});

describe("signing in again, under a base path", () => {
	let campaign: StaffServer;
	let editor: SeededStaff;
	beforeAll(async () => {
		campaign = await startStaffServer({ BASE_PATH: "/campaign" });
		editor = await seedStaff(campaign.database.db, { role: "editor" });
	});
	afterAll(() => campaign.stop());

	/** Signs in on the sign-in page at `login`; resolves to where the answer leads. */
	async function signInAt(login: string): Promise<string | null> {
		const response = await fetch(campaign.url(login), {
			method: "POST",
			body: new URLSearchParams({ email: editor.email, password: editor.password, signIn: "" }),
			redirect: "manual",
		});
		expect(response.status).toBe(303);
		return response.headers.get("location");
	}

	it("leads an editor whose session ended while saving back to the page being edited", async () => {
		const save = new URLSearchParams({ key: "home.hero.title", version: "0", body: "x", default: "x" });
		save.set("path", "/");
		// The body is not read without a session: the page being edited is the one the save came from.
		const referer = campaign.url("/campaign/en/stores?edit");
		const signIn = "/campaign/en/staff/login?back=%2Fstores%3Fedit";
		const login = `${signIn}&required`;
		const ajax = await fetch(campaign.url("/campaign/en/staff/content"), {
			method: "POST",
			body: save,
			headers: { ...AJAX, cookie: "lumen_staff=ended", referer },
		});
		expect(ajax.status).toBe(401);
		expect(((await ajax.json()) as { redirect: string }).redirect).toBe(login);
		const plain = await fetch(campaign.url("/campaign/en/staff/content"), {
			method: "POST",
			body: save,
			headers: { referer },
			redirect: "manual",
		});
		expect(plain.headers.get("location")).toBe(login);
		// A page of another language, outside the base path or of no page at all: sign-in leads to /staff.
		for (const other of ["/campaign/stores?edit", "/stores?edit", "//evil.example/x", "not a url"]) {
			const refused = await fetch(campaign.url("/campaign/en/staff/content"), {
				method: "POST",
				body: save,
				headers: { referer: other.startsWith("/") ? campaign.url(other) : other },
				redirect: "manual",
			});
			expect(refused.headers.get("location"), other).toBe("/campaign/en/staff/login?required");
		}
		// The sign-in page keeps where it leads in its form's address.
		expect(await (await fetch(campaign.url(login))).text()).toContain(`action="${signIn}"`);
		expect(await signInAt(login)).toBe("/campaign/en/stores?edit");
	});

	it("never leads to another site: such a way back is dropped for /staff", async () => {
		for (const back of ["//evil.example", "/\\evil.example", "/\t/evil.example", "https://evil.example"]) {
			const login = `/campaign/staff/login?back=${encodeURIComponent(back)}`;
			expect(await (await fetch(campaign.url(login))).text()).toContain('action="/campaign/staff/login"');
			expect(await signInAt(login)).toBe("/campaign/staff");
		}
	});

	it("leads someone signed in already straight back", async () => {
		const cookie = sessionCookie(
			await fetch(campaign.url("/campaign/staff/login"), {
				method: "POST",
				body: new URLSearchParams({ email: editor.email, password: editor.password, signIn: "" }),
				redirect: "manual",
			}),
		)!;
		const response = await fetch(campaign.url("/campaign/staff/login?back=%2F%3Fedit"), {
			headers: { cookie: `lumen_staff=${cookie.value}` },
			redirect: "manual",
		});
		expect(response.headers.get("location")).toBe("/campaign/?edit");
	});
});
