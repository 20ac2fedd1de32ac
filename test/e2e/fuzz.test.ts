/**
 * Hostile input (`npm run test:fuzz`, also part of the e2e run): thousands of malformed and hostile
 * requests to every route and every form, anonymous and signed in as each role, and to the partner API
 * with no key, a wrong key and a real one: wrong types, missing, duplicated and oversized fields and
 * bodies, broken multipart, invalid UTF-8, huge files, wrong content types, script and SQL injection,
 * path traversal, forged ajax and proxy headers, cross-site posts, malformed HTTP.
 *
 * Every answer must be a 4xx with a message (or a page: the form again with its errors, a redirect),
 * never a 5xx, never a script of ours reflected; afterwards the server still answers, and the database
 * holds nothing partial: each registration with exactly one voucher and its e-mail, no voucher
 * redeemed or voided, no session opened but ours, no staff account, setting, closed month or API key
 * changed. Prints how many requests were sent and how many got a 5xx.
 *
 * Inside `npm test` it sends a sample: a quarter of the requests, drawn afresh each day (the seed is
 * printed; `FUZZ_SEED=<seed>` repeats a run), so the whole space is covered over a few runs while the
 * suite stays short. `npm run test:fuzz` (`FUZZ=full`) sends every request.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { connect } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { nextClientIp, RegistrationClient } from "../../bench/lib/registration-client";
import { seededRandom } from "../../scripts/lib/seeded-random";
import { SAVE_PATH } from "../../src/components/content-editor/ContentEditor";
import { FORM_LIMITS } from "../../src/forms/limits";
import { createApiKey } from "../../src/server/api/keys";
import { type SeededStaff, seedStaff, seedStore } from "../helpers/staff-fixtures";
import { storedRegistrations } from "../helpers/stored-registrations";
import { describeServerDatabases } from "../helpers/test-databases";
import { type StaffServer, signIn, startStaffServer } from "./staff-support";

/** Payloads whose markers must never come back as markup. */
const SCRIPTS = [
	`<script>alert("fuzz")</script>`,
	`"><img src=x onerror=alert(1)>`,
	`'><svg onload=alert(1)>`,
	`javascript:alert(1)`,
	`</textarea><script>alert(2)</script>`,
	`{{constructor.constructor('alert(3)')()}}`,
];
const REFLECTED = [/<script>alert\(/i, /<img src=x onerror/i, /<svg onload/i, /href="javascript:/i];
const SQL = [`' OR '1'='1`, `'; DROP TABLE registrations; --`, `1; SELECT pg_sleep(5)`, `" OR ""="`, `%' --`];
const TEXTS = [
	"",
	" ",
	"\u0000",
	"a\u0000b",
	"\u202Eevil",
	"😀".repeat(50),
	"\uFEFF",
	"x".repeat(10_000),
	"x".repeat(FORM_LIMITS.fieldSize + 1),
	"-1",
	"1e309",
	"NaN",
	"true",
	"null",
	"[]",
	"{}",
	'{"$gt":""}',
	"../../../../etc/passwd",
	"%00",
	"\r\nSet-Cookie: evil=1",
	...SCRIPTS,
	...SQL,
];

/** Raw (percent-encoded) urlencoded fragments: invalid UTF-8 and broken escapes. */
const RAW_VALUES = ["%FF%FE", "%C0%AF", "%ED%A0%80", "%E2%82", "%zz", "%", "%%", "a%"];

const PATHS_GET = [
	"/",
	"/stores",
	"/register",
	"/register/challenge",
	"/register/sent",
	"/register/confirm/CONFIRM",
	"/terms",
	"/voucher/VOUCHER",
	"/_outbox",
	"/_components",
	"/staff/login",
	"/staff",
	"/healthz",
	"/readyz",
	"/robots.txt",
	"/sitemap.xml",
	"/assets/frontend/js/runtime.js",
	"/voucher/sw.js",
	"/voucher/VOUCHER/manifest.webmanifest",
	"/api/openapi.json",
	"/api/reference",
];
/** The admin pages: each role gets its own answer (the page, a refusal, the sign-in). */
const ADMIN_PATHS_GET = [
	"/staff/users",
	"/staff/users/ACCOUNT",
	"/staff/users/00000000-0000-0000-0000-000000000000",
	"/staff/audit",
	"/staff/settings",
	"/staff/settlement",
	"/staff/settlement.csv",
	"/staff/settlement.csv?month=2020-01",
	"/staff/fraud",
	"/staff/fraud?days=30",
	"/staff/api-keys",
];
/** The partner API's routes; CODE is a real voucher's code. */
const API_PATHS = [
	"/api/v1/vouchers/CODE",
	"/api/v1/vouchers/2900000000001",
	"/api/v1/vouchers/CODE/redemptions",
	"/api/v1/vouchers/CODE/redemptions/00000000-0000-0000-0000-000000000000",
	"/api/v1",
	"/api/v1/unknown",
];
const PATH_SUFFIXES = [
	"/../../../../etc/passwd",
	"/%2e%2e/%2e%2e/%2e%2e/package.json",
	"/..%2f..%2f..%2fpackage.json",
	"/%252e%252e%252fpackage.json",
	"/%c0%ae%c0%ae/%c0%ae%c0%ae/package.json",
	"%00",
	"%00.js",
	"%zz",
	"%ff%fe",
	"/",
	"//",
	"/\\evil.example",
	";jsessionid=1",
	`/${"a".repeat(3000)}`,
	"?edit",
	"?edit=1&edit=2",
	"?q=%3Cscript%3Ealert(1)%3C%2Fscript%3E",
	"?q=%ff",
	"?q[]=a&q[]=b",
	"?q=a&q=b",
	"?page=-1",
	"?page=1e309",
	"?page=999999999999",
	"?page=abc",
	"?region=__proto__",
	"?region=%3Cscript%3E",
	"?__proto__[polluted]=1",
	"?constructor[prototype][polluted]=1",
	`?q=${"x".repeat(4000)}`,
	"?lang=../../etc",
];
const TRAVERSALS = [
	"/assets/../package.json",
	"/assets/%2e%2e/%2e%2e/package.json",
	"/assets/..%2f..%2fserver%2fmain.js",
	"/assets/%2e%2e%2f%2e%2e%2f.env",
	"/assets/frontend/js/..%2f..%2f..%2f..%2fpackage.json",
	"/assets//etc/passwd",
	"/..%2f..%2fpackage.json",
	"/%2e%2e/%2e%2e/etc/passwd",
	"/voucher/..%2f..%2f..%2fpackage.json",
];
/** Secrets that must never be served: from package.json, .env, the server's build, /etc/passwd. */
const LEAKS = [/"lumen-vouchers"/, /root:x:0:0/, /SESSION_SECRET=/, /sessionSecret/];

const HEADER_SETS: Record<string, string>[] = [
	{ "x-requested-with": "XMLHttpRequest" },
	{ "x-requested-with": "XMLHttpRequest", accept: "application/json" },
	{ accept: "application/json" },
	{ accept: "*/*;q=abc, text/html;q=-1" },
	{ "accept-encoding": "br;q=x, gzip;q=-1, *;q=0" },
	{ "accept-language": "<script>, ;;;, xx-XX;q=2" },
	{ cookie: "lumen_staff=forged" },
	{ cookie: `lumen_staff=${"A".repeat(43)}` },
	{ cookie: "lumen_staff=%ff%fe; lumen_staff=two" },
	{ cookie: `lumen_staff=${"x".repeat(6000)}` },
	{ cookie: "=; ;;; a=b=c" },
	{ "if-none-match": '"<script>"' },
	{ "if-modified-since": "yesterday" },
	{ range: "bytes=abc" },
	{ range: "bytes=999999999-" },
	{ range: "bytes=0-0,1-1,2-2,3-3,4-4,5-5" },
	{ "x-forwarded-for": "<script>alert(1)</script>" },
	{ authorization: "Bearer <script>" },
	{ authorization: `Bearer ${"k".repeat(5000)}` },
	{ authorization: "Basic Zm9vOmJhcg==" },
	{ "x-forwarded-for": "999.999.999.999, ::ffff:zz" },
	{ "x-forwarded-proto": "javascript" },
	{ "x-forwarded-host": "evil.example" },
	{ "x-request-id": `<script>${"x".repeat(500)}` },
	{ "sec-fetch-site": "cross-site" },
	{ "content-type": "application/json" },
];

type Who = "anonymous" | "staff" | "editor" | "marketing" | "admin";
const ROLES = ["anonymous", "staff", "editor", "marketing", "admin"] as const;
/** The partner API's callers: no key, a key nobody issued, a real one. */
type Caller = "none" | "wrong" | "real";
const CALLERS = ["none", "wrong", "real"] as const;

interface Request {
	readonly label: string;
	readonly method: string;
	readonly path: string;
	readonly headers?: Record<string, string>;
	readonly body?: string | Uint8Array<ArrayBuffer> | FormData | URLSearchParams;
	readonly who?: Who;
	readonly caller?: Caller;
}

// The state of the suite running now (the engines' suites run one after the other).
let staff: StaffServer;
let client: RegistrationClient;
let voucherToken: string;
let voucherCode: string;
let storeId: string;
let adminId: string;
/** The account the sign-in form is fuzzed against (with a wrong password). */
let signInTarget: string;
const cookies: Record<Who, string> = { anonymous: "", staff: "", editor: "", marketing: "", admin: "" };
/** Sessions of accounts with the staff role, taken in turn by the requests as "staff". */
let staffCookies: string[] = [];
let staffTurn = 0;
const apiKeys: Record<Caller, string> = { none: "", wrong: "", real: "" };
let sessionsBefore = 0;
/** The staff accounts, settings and closed months before the fuzz: none of it may change. */
let adminStateBefore = "";
let sent = { requests: 0, serverErrors: 0, byStatus: new Map<number, number>() };
let problems: string[] = [];

async function setUp(env: Record<string, string>) {
	sent = { requests: 0, serverErrors: 0, byStatus: new Map() };
	problems = [];
	const sessionSecret = randomBytes(32).toString("base64url");
	staff = await startStaffServer({ ...env, SESSION_SECRET: sessionSecret });
	const { db } = staff.database;
	storeId = await seedStore(db);
	const accounts: Record<Exclude<Who, "anonymous">, SeededStaff> = {
		staff: await seedStaff(staff.database.db, { role: "staff", storeId }),
		editor: await seedStaff(staff.database.db, { role: "editor" }),
		marketing: await seedStaff(staff.database.db, { role: "marketing" }),
		admin: await seedStaff(staff.database.db, { role: "admin" }),
	};
	adminId = accounts.admin.id;
	signInTarget = (await seedStaff(staff.database.db, { role: "staff", storeId })).email;
	for (const who of ["staff", "editor", "marketing", "admin"] as const)
		cookies[who] = await signIn(staff, accounts[who]);
	staffCookies = [cookies.staff];
	// A limit the fuzz never reaches: the limit itself has its own tests (api-rate-limit).
	apiKeys.real = `Bearer ${(await createApiKey(db, { name: "Fuzz chain", storeIds: [storeId], ratePerMinute: 1_000_000 })).key}`;
	apiKeys.wrong = `Bearer ${randomBytes(32).toString("base64url")}`;
	client = await RegistrationClient.connect({ url: staff.server.origin, sessionSecret });
	const created = await client.register();
	if (created.kind !== "voucher") throw new Error("no voucher to fuzz");
	voucherToken = created.token;
	voucherCode = (
		await db.selectFrom("vouchers").select("code").where("token", "=", voucherToken).executeTakeFirstOrThrow()
	).code;
}

/**
 * A member of staff may try 60 codes a minute (staff/limits.ts), and the sample holds hundreds of
 * redemptions: the faster the fuzz runs, the more of them the limit refuses before their fields are
 * looked at. Spread over enough accounts that none makes 60 requests in all, none is refused.
 */
const REDEEM_LIMIT = 60;

async function signInEnoughStaff(requests: readonly Request[]): Promise<void> {
	const needed = Math.ceil(requests.filter((request) => request.who === "staff").length / REDEEM_LIMIT);
	while (staffCookies.length < needed)
		staffCookies.push(await signIn(staff, await seedStaff(staff.database.db, { role: "staff", storeId })));
}

/** Sessions, accounts, settings, closed months and keys just before the fuzz, to compare after it. */
async function takeStateBefore(): Promise<void> {
	sessionsBefore = (await staff.database.db.selectFrom("sessions").select("id_hash").execute()).length;
	adminStateBefore = await adminState();
}

/** What the admin pages may change: accounts, settings, closed months (compared before and after). */
async function adminState(): Promise<string> {
	const { db } = staff.database;
	return JSON.stringify([
		await db.selectFrom("staff_users").selectAll().orderBy("id").execute(),
		await db.selectFrom("campaign_settings").selectAll().execute(),
		await db.selectFrom("settlement_months").select("month").execute(),
		await db.selectFrom("api_keys").selectAll().orderBy("id").execute(),
	]);
}

function count(status: number) {
	sent.requests++;
	sent.byStatus.set(status, (sent.byStatus.get(status) ?? 0) + 1);
	if (status >= 500) sent.serverErrors++;
}

/** Judges one answer: a problem's description, or undefined when it is a proper answer. */
function judge(request: Request, status: number, type: string, text: string, csp: string | null) {
	const what = `${request.label}: ${request.method} ${request.path.slice(0, 120)}`;
	if (status >= 500) return `${what} → ${status} ${text.slice(0, 200)}`;
	for (const pattern of REFLECTED) if (pattern.test(text)) return `${what} reflects ${pattern}`;
	for (const pattern of LEAKS) if (pattern.test(text)) return `${what} leaks ${pattern}`;
	if (type.startsWith("text/html") && !csp) return `${what}: a page without a Content-Security-Policy`;
	if (status >= 400 && request.method !== "HEAD") {
		const clear = type.includes("json")
			? /"error":"[^"]+"|"snippets"|"detail":"[^"]+"/.test(text)
			: /<h1|role="alert"|^[^<>]{1,300}$/.test(text.trim());
		if (!clear) return `${what} → ${status} without a clear message: ${text.slice(0, 200)}`;
	}
	return undefined;
}

async function send(request: Request): Promise<void> {
	const headers: Record<string, string> = { "x-forwarded-for": nextClientIp(), ...request.headers };
	const cookie =
		request.who === "staff"
			? staffCookies[staffTurn++ % staffCookies.length]
			: cookies[request.who ?? "anonymous"];
	if (cookie && !headers.cookie) headers.cookie = cookie;
	const key = apiKeys[request.caller ?? "none"];
	if (key && !headers.authorization) headers.authorization = key;
	const path = request.path
		.replace("VOUCHER", voucherToken)
		.replace("CODE", voucherCode)
		.replace("ACCOUNT", adminId);
	try {
		const response = await fetch(`${staff.server.origin}${path}`, {
			method: request.method,
			headers,
			body: request.body ?? null,
			redirect: "manual",
		});
		const text = await response.text();
		count(response.status);
		const problem = judge(
			request,
			response.status,
			response.headers.get("content-type") ?? "",
			text,
			response.headers.get("content-security-policy"),
		);
		if (problem) problems.push(problem);
	} catch (error) {
		count(0);
		const cause = (error as { cause?: { code?: string; message?: string } }).cause;
		const why = cause ? ` (${cause.code ?? ""} ${cause.message ?? ""})` : "";
		problems.push(`${request.label}: ${request.method} ${path.slice(0, 120)} → no answer: ${error}${why}`);
	}
}

/** Sends requests 16 at a time. */
/** The share of requests sent, and the seed that picks them (see the file's comment). */
const FULL = process.env.FUZZ === "full";
const SAMPLE_SHARE = 0.25;
const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Date.now() / 86_400_000));

/** A share of each kind of request (by label), so that no kind is left out of a run. */
function sample(requests: readonly Request[]): readonly Request[] {
	if (FULL) return requests;
	const random = seededRandom(SEED);
	const byLabel = Map.groupBy(requests, (request) => request.label);
	return [...byLabel.values()].flatMap((group) => {
		const shuffled = group
			.map((request) => ({ request, key: random() }))
			.sort((a, b) => a.key - b.key)
			.map(({ request }) => request);
		return shuffled.slice(0, Math.ceil(group.length * SAMPLE_SHARE));
	});
}

async function sendAll(requests: readonly Request[]): Promise<void> {
	let next = 0;
	await Promise.all(
		Array.from({ length: 16 }, async () => {
			while (next < requests.length) await send(requests[next++] as Request);
		}),
	);
}

const LANGS = ["", "/en"];

/** Every form: where it posts, who may post it, and a valid submission to start from. */
async function forms(): Promise<{ path: string; who: Who; fields: Record<string, string> }[]> {
	const registration = Object.fromEntries(await client.fields());
	// Without a challenge, a submission whose time trap is old enough passes: fields are what is tested.
	delete registration.altcha;
	return [
		{ path: "/register", who: "anonymous", fields: registration },
		{ path: "/register/resend", who: "anonymous", fields: { resend: "" } },
		{ path: "/register/correct", who: "anonymous", fields: { email: "jana@example.cz", correct: "" } },
		{
			path: "/staff/login",
			who: "anonymous",
			// A real account (seeded with a cheap hash, test/helpers/staff-fixtures.ts), a wrong password:
			// the refusal is the same page as for an e-mail with no account, and the account must stay out.
			fields: { email: signInTarget, password: "x", signIn: "" },
		},
		{ path: "/staff", who: "staff", fields: { code: "2900000000001", redeem: "" } },
		{ path: "/staff/logout", who: "anonymous", fields: {} },
		{
			path: SAVE_PATH,
			who: "editor",
			fields: { key: "fuzz.block", version: "0", body: "Text", default: "Text", path: "/" },
		},
	];
}

const NO_ACCOUNT = "/staff/users/00000000-0000-0000-0000-000000000000";

/**
 * The admin forms, each from a submission the domain refuses (an e-mail in use, an account that does
 * not exist, a month not ended or not closed) or one that changes nothing (the settings in effect): a
 * mutation that got through would show in the accounts, settings or months. Fuzzed in one language
 * only: the handlers are the same, and the suite's time is what it is.
 */
async function adminForms(): Promise<{ path: string; who: Who; fields: Record<string, string> }[]> {
	return [
		{
			path: "/staff/users",
			who: "admin",
			fields: {
				name: "Nový Pokladní",
				email: (
					await staff.database.db
						.selectFrom("staff_users")
						.select("email")
						.where("id", "=", adminId)
						.executeTakeFirstOrThrow()
				).email,
				role: "staff",
				store: storeId,
				password: "a long enough password",
				create: "",
			},
		},
		{ path: `${NO_ACCOUNT}/role`, who: "admin", fields: { role: "staff", store: storeId, save: "" } },
		// A code no voucher has: a void that got through would show as a voided voucher.
		{ path: "/staff/fraud/void", who: "admin", fields: { code: "2900000000001", note: "fuzz", void: "" } },
		// A store no key may have: a key created anyway would show in the admin state.
		{
			path: "/staff/api-keys",
			who: "admin",
			fields: { name: "fuzz", "stores[]": "no-such-store", rate: "60", create: "" },
		},
		{ path: "/staff/api-keys/key_000000000000/revoke", who: "admin", fields: { revoke: "" } },
		{
			path: `${NO_ACCOUNT}/password`,
			who: "admin",
			fields: { password: "a long enough password", reset: "" },
		},
		{ path: `${NO_ACCOUNT}/disable`, who: "admin", fields: { disable: "" } },
		{ path: `${NO_ACCOUNT}/enable`, who: "admin", fields: { enable: "" } },
		{ path: "/staff/settings", who: "admin", fields: { ...(await settingsInEffect()), save: "" } },
		{ path: "/staff/settlement/close", who: "admin", fields: { month: "2099-12", close: "" } },
		{ path: "/staff/settlement/reopen", who: "admin", fields: { month: "2020-01", reopen: "" } },
	];
}
const SETTINGS = ["start", "end", "voucherLimit", "voucherValueCzk", "voucherValidDays"];

/** The settings form's values as the admin sees them: saving them unchanged records nothing. */
async function settingsInEffect(): Promise<Record<string, string>> {
	const page = await (
		await fetch(`${staff.server.origin}/staff/settings`, { headers: { cookie: cookies.admin } })
	).text();
	const inputs = page.match(/<input[^>]*>/g) ?? [];
	return Object.fromEntries(
		SETTINGS.map((name) => {
			const input = inputs.find((tag) => tag.includes(`name="${name}"`));
			if (!input) throw new Error(`The settings page has no ${name}`);
			return [name, /value="([^"]*)"/.exec(input)?.[1] ?? ""];
		}),
	);
}

const JSON_TYPE = { "content-type": "application/json" };

/**
 * Mutations of one JSON body for the partner API, with each caller: every field wrong in every way,
 * the whole body and the idempotency key wrong. The body starts from one the API refuses (a store the
 * key does not cover, a voucher that does not exist), so nothing gets redeemed.
 */
function apiBodyMutations(method: string, path: string, fields: Record<string, unknown>): Request[] {
	const requests: Request[] = [];
	// Without a valid key the body is never read: a few bodies for those callers, every one for the key.
	const call = (
		label: string,
		body: Request["body"],
		headers: Record<string, string> = JSON_TYPE,
		callers: readonly Caller[] = ["real"],
	) => {
		for (const caller of callers) {
			requests.push({
				label,
				method,
				path,
				caller,
				body,
				headers: { "idempotency-key": randomUUID(), ...headers },
			});
		}
	};
	const json = (value: unknown) => JSON.stringify(value);
	for (const name of [...Object.keys(fields), "unknown", "__proto__", "constructor"]) {
		const others = Object.fromEntries(Object.entries(fields).filter(([key]) => key !== name));
		call(`${name} missing`, json(others));
		call(`${name} twice`, `${json(fields).slice(0, -1)},${json(name)}:"again"}`);
		for (const value of [null, 0, -1, 1e308, true, [], {}, ["x"], { $gt: "" }, ...TEXTS])
			call(`${name}=${json(value).slice(0, 30)}`, json({ ...fields, [name]: value }));
	}
	const valid = json(fields);
	call("empty body", "", JSON_TYPE, CALLERS);
	call("no content type", valid, {});
	call("form", urlencoded(fields as Record<string, string>), FORM_TYPE);
	call("text/plain", valid, { "content-type": "text/plain" });
	call("json with a charset", valid, { "content-type": "application/json; charset=utf-16" });
	call("broken json", '{"store":');
	call("json array", "[1,2,3]");
	call("json null", "null");
	call("json string", '"store"');
	call("deep nesting", `${"[".repeat(5000)}${"]".repeat(5000)}`);
	call("huge body", json({ ...fields, pad: "x".repeat(2 * 1024 * 1024) }), JSON_TYPE, CALLERS);
	call("raw invalid UTF-8", bytes('{"store":"', [0xff, 0xfe, 0xc0], '"}'), JSON_TYPE, CALLERS);
	call("no idempotency key", valid, { ...JSON_TYPE, "idempotency-key": "" });
	for (const key of ["x", "x".repeat(5000), "<script>", "%00", "a b c", "%ff", "é"])
		call(`idempotency key ${key.slice(0, 20)}`, valid, { ...JSON_TYPE, "idempotency-key": key });
	call("cross-site", valid, { ...JSON_TYPE, origin: "https://evil.example", "sec-fetch-site": "cross-site" });
	return requests;
}

/** Text and raw bytes as one body (bytes that are not UTF-8 on purpose). */
const bytes = (...pieces: (string | number[])[]): Uint8Array<ArrayBuffer> =>
	new Uint8Array(Buffer.concat(pieces.map((piece) => Buffer.from(piece as string))));

const urlencoded = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM_TYPE = { "content-type": "application/x-www-form-urlencoded" };

/** Mutations of one valid submission: each field wrong in every way, and the whole body wrong. */
function bodyMutations(path: string, who: Who, fields: Record<string, string>): Request[] {
	const requests: Request[] = [];
	const post = (label: string, body: Request["body"], headers: Record<string, string> = {}) => {
		for (const ajax of [false, true]) {
			requests.push({
				label,
				method: "POST",
				path,
				who,
				body,
				headers: { ...headers, ...(ajax ? { "x-requested-with": "XMLHttpRequest" } : {}) },
			});
		}
	};
	const names = Object.keys(fields);
	for (const name of [...names, "unknown", "__proto__", "constructor", "_csrf"]) {
		const others = Object.fromEntries(Object.entries(fields).filter(([key]) => key !== name));
		post(`${name} missing`, urlencoded(others), FORM_TYPE);
		post(`${name} twice`, `${urlencoded(fields)}&${encodeURIComponent(name)}=again`, FORM_TYPE);
		post(`${name} as a list`, `${urlencoded(others)}&${encodeURIComponent(name)}[]=x`, FORM_TYPE);
		for (const value of TEXTS)
			post(`${name}=${value.slice(0, 30)}`, urlencoded({ ...fields, [name]: value }), FORM_TYPE);
		for (const raw of RAW_VALUES)
			post(`${name} raw ${raw}`, `${urlencoded(others)}&${name}=${raw}`, FORM_TYPE);
	}
	const valid = urlencoded(fields);
	post("empty body", "", FORM_TYPE);
	post("no content type", valid);
	post("text/plain", valid, { "content-type": "text/plain" });
	post("json", JSON.stringify(fields), { "content-type": "application/json" });
	post("json array", "[1,2,3]", { "content-type": "application/json" });
	post("broken json", '{"name":', { "content-type": "application/json" });
	post("xml", `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>`, {
		"content-type": "application/xml",
	});
	post("latin1 charset", valid, { "content-type": "application/x-www-form-urlencoded; charset=iso-8859-1" });
	post("unknown content type", valid, { "content-type": "application/x-evil" });
	post("raw invalid UTF-8", bytes(`${valid}&name=`, [0xff, 0xfe, 0xc0]), FORM_TYPE);
	post("body over the limit", `${valid}&pad=${"x".repeat(FORM_LIMITS.bodySize)}`, FORM_TYPE);
	post(
		"too many fields",
		`${valid}&${Array.from({ length: FORM_LIMITS.fields + 10 }, (_, i) => `f${i}=1`).join("&")}`,
		FORM_TYPE,
	);
	post("field name too long", `${valid}&${"n".repeat(FORM_LIMITS.fieldNameSize + 1)}=1`, FORM_TYPE);
	post("cross-site", valid, { ...FORM_TYPE, origin: "https://evil.example" });
	post("cross-site fetch", valid, { ...FORM_TYPE, "sec-fetch-site": "cross-site" });
	post("null origin", valid, { ...FORM_TYPE, origin: "null" });

	const multipart = (extra: (form: FormData) => void) => {
		const form = new FormData();
		for (const [name, value] of Object.entries(fields)) form.append(name, value);
		extra(form);
		return form;
	};
	post(
		"multipart",
		multipart(() => {}),
	);
	post(
		"multipart with a huge file",
		multipart((form) => form.append("file", new Blob([Buffer.alloc(3 * 1024 * 1024)]), "big.bin")),
	);
	post(
		"multipart with too many files",
		multipart((form) => {
			for (let i = 0; i < FORM_LIMITS.files + 2; i++) form.append(`file${i}`, new Blob(["x"]), `${i}.txt`);
		}),
	);
	post(
		"multipart file named ../../etc/passwd",
		multipart((form) => form.append("name", new Blob(["x"]), "../../etc/passwd")),
	);
	post(
		"multipart field too long",
		multipart((form) => form.set("name", "x".repeat(FORM_LIMITS.fieldSize + 1))),
	);
	post(
		"multipart NUL character",
		multipart((form) => form.set("name", "a\u0000b")),
	);
	post(
		"multipart __proto__ field",
		multipart((form) => form.append("__proto__", "x")),
	);
	const boundary = "----fuzzboundary";
	const part = (name: string, value: string, headers = "") =>
		`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n${headers}\r\n${value}\r\n`;
	const raw = (body: string | Uint8Array<ArrayBuffer>, type = `multipart/form-data; boundary=${boundary}`) =>
		post("raw multipart", body, { "content-type": type });
	raw(`${part("name", "x")}`); // no closing boundary
	raw(`${part("name", "x")}--${boundary}--\r\n`, "multipart/form-data");
	raw(`garbage without any boundary`);
	raw(`--${boundary}\r\nno headers\r\n\r\nx\r\n--${boundary}--\r\n`);
	raw(`${part("name", "x", "Content-Type: application/json; charset=utf-16\r\n")}--${boundary}--\r\n`);
	raw(bytes(part("name", ""), [0xff, 0xfe], `\r\n--${boundary}--\r\n`));
	raw(`--${boundary}\r\nContent-Disposition: form-data\r\n\r\nx\r\n--${boundary}--\r\n`);
	raw(`${part("name", "x")}--${boundary}--\r\n`, `multipart/form-data; boundary=${"b".repeat(100)}`);
	return requests;
}

/** Raw HTTP that no fetch would send: never a 5xx or a reflected script (Node may just close the connection). */
const RAW_HTTP = [
	"GET / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Length: 5\r\n\r\n0\r\n\r\n",
	"POST /register HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nabc\r\n0\r\n\r\n",
	"GET /\u00ff\u00fe HTTP/1.1\r\nHost: x\r\n\r\n",
	"GET / HTTP/1.1\r\nHost: x\r\nBad Header: x\r\n\r\n",
	"GET / HTTP/1.1\r\nHost: x\r\nX: a\u0000b\r\n\r\n",
	"GET / HTTP/1.1\r\nHost: x\r\nCookie: lumen_staff=\u0001\u007f\r\n\r\n",
	'GET / HTTP/1.1\r\nHost: "><script>alert(1)</script>\r\n\r\n',
	"GET /sitemap.xml HTTP/1.1\r\nHost: x</loc><script>alert(1)</script>\r\n\r\n",
	"GET / HTTP/1.0\r\n\r\n",
	`GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${"x".repeat(20_000)}\r\n\r\n`,
	"GARBAGE\r\n\r\n",
	"GET / HTTP/9.9\r\nHost: x\r\n\r\n",
	"POST /register HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n",
	"POST /register HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab",
];

function rawRequest(text: string): Promise<string> {
	return new Promise((resolve) => {
		const { port } = new URL(staff.server.origin);
		const socket = connect(Number(port), "127.0.0.1");
		let answer = "";
		socket.setTimeout(5_000, () => socket.destroy());
		socket.on("data", (chunk) => {
			answer += chunk.toString("latin1");
		});
		socket.on("close", () => resolve(answer));
		socket.on("error", () => resolve(answer));
		socket.end(Buffer.from(text, "latin1"));
	});
}

describeServerDatabases("hostile input on %s", (kind, createDatabase) => {
	let drop: () => Promise<void> = async () => {};
	beforeAll(async () => {
		const database = await createDatabase();
		drop = database.drop;
		await setUp(database.env);
	}, 60_000);
	afterAll(async () => {
		await staff?.stop();
		await drop();
	});

	it("gets a 4xx with a message or a page for every malformed request, never a 5xx or a reflected script", async () => {
		const requests: Request[] = [];
		for (const lang of LANGS) {
			for (const path of PATHS_GET) {
				// An editor sees every page a member of staff does, and more.
				for (const who of ["anonymous", "editor"] as const) {
					for (const suffix of PATH_SUFFIXES)
						requests.push({ label: "path", method: "GET", path: `${lang}${path}${suffix}`, who });
				}
				for (const headers of HEADER_SETS)
					requests.push({ label: "headers", method: "GET", path: `${lang}${path}`, headers });
				for (const method of ["HEAD", "PUT", "DELETE", "PATCH", "OPTIONS"]) {
					requests.push({ label: "method", method, path: `${lang}${path}` });
				}
			}
			for (const form of await forms())
				requests.push(...bodyMutations(`${lang}${form.path}`, form.who, form.fields));
		}
		for (const form of await adminForms()) requests.push(...bodyMutations(form.path, form.who, form.fields));
		for (const lang of LANGS) {
			for (const path of ADMIN_PATHS_GET) {
				// Every role in one language; in the other the admin, who sees every page.
				for (const who of lang === "" ? ROLES : (["admin"] as const)) {
					for (const suffix of PATH_SUFFIXES)
						requests.push({ label: "admin path", method: "GET", path: `${lang}${path}${suffix}`, who });
				}
				for (const headers of HEADER_SETS)
					requests.push({
						label: "admin headers",
						method: "GET",
						path: `${lang}${path}`,
						headers,
						who: "admin",
					});
			}
		}
		for (const path of API_PATHS) {
			for (const caller of CALLERS) {
				for (const suffix of PATH_SUFFIXES)
					requests.push({ label: "api path", method: "GET", path: `${path}${suffix}`, caller });
				for (const headers of HEADER_SETS)
					requests.push({ label: "api headers", method: "GET", path, headers, caller });
				for (const method of ["HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"])
					requests.push({ label: "api method", method, path, caller });
			}
		}
		// Refused: a store the key does not cover; a voucher that does not exist; a redemption that does not.
		requests.push(
			...apiBodyMutations("POST", "/api/v1/vouchers/CODE/redemptions", { store: "store-not-the-keys" }),
			...apiBodyMutations("POST", "/api/v1/vouchers/2900000000001/redemptions", { store: storeId }),
			...apiBodyMutations(
				"DELETE",
				"/api/v1/vouchers/CODE/redemptions/00000000-0000-0000-0000-000000000000",
				{},
			),
		);
		for (const path of TRAVERSALS) requests.push({ label: "traversal", method: "GET", path });
		const sampled = sample(requests);
		await signInEnoughStaff(sampled);
		await takeStateBefore();
		await sendAll(sampled);

		for (const text of RAW_HTTP) {
			const answer = await rawRequest(text);
			const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(answer)?.[1] ?? 0);
			count(status);
			if (status >= 500 || REFLECTED.some((pattern) => pattern.test(answer))) {
				problems.push(`raw HTTP ${JSON.stringify(text.slice(0, 60))} → ${answer.slice(0, 100)}`);
			}
		}

		const statuses = [...sent.byStatus].sort(([a], [b]) => a - b).map(([status, n]) => `${status}: ${n}`);
		console.log(
			`fuzz on ${kind} (${FULL ? "full" : `sample, FUZZ_SEED=${SEED}`}): ${sent.requests} malformed or hostile requests sent, ${sent.serverErrors} answered with a 5xx (${statuses.join(", ")})`,
		);
		expect(problems).toEqual([]);
		expect(sent.requests).toBeGreaterThanOrEqual(1000);
		expect(sent.serverErrors).toBe(0);
	}, 1_200_000);

	it("is still up, and the database holds nothing partial", async () => {
		expect((await fetch(`${staff.server.origin}/readyz`)).status).toBe(200);
		const { db } = staff.database;
		const stored = await storedRegistrations(db);
		expect(stored).toMatchObject({ notOneVoucher: 0, withoutMail: 0, duplicateCodes: 0, duplicateTokens: 0 });
		expect(stored.registrations).toBe(stored.vouchers);
		const redeemedOrVoided = await db
			.selectFrom("vouchers")
			.select("code")
			.where((eb) => eb.or([eb("redeemed_at", "is not", null), eb("voided_at", "is not", null)]))
			.execute();
		expect(redeemedOrVoided).toEqual([]);
		// Sessions: ours, less those a fuzzed sign-out with our cookie ended; none opened by the fuzz.
		const sessions = await db.selectFrom("sessions").select("id_hash").execute();
		expect(sessions.length).toBeLessThanOrEqual(sessionsBefore);
		// No account created or changed, no settings saved, no month closed or reopened.
		expect(await adminState()).toBe(adminStateBefore);
	});

	it("shows what hostile registrations stored as text: no script on the voucher pages or in the outbox", async () => {
		for (const script of SCRIPTS) {
			const answer = await client.register({ name: script });
			expect(answer.kind, script).toBe("voucher");
			if (answer.kind !== "voucher") continue;
			const page = await (await fetch(`${staff.server.origin}/voucher/${answer.token}`)).text();
			for (const pattern of REFLECTED) expect(page).not.toMatch(pattern);
		}
		const outbox = await (await fetch(`${staff.server.origin}/_outbox`)).text();
		for (const pattern of REFLECTED) expect(outbox).not.toMatch(pattern);
		const mails = await staff.database.db.selectFrom("outbox").select("html_body").execute();
		for (const { html_body } of mails)
			for (const pattern of REFLECTED) expect(html_body).not.toMatch(pattern);
	});
});
