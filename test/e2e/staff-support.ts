import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { type DatabaseHandle, openDatabase } from "../../src/server/db";
import { openPage, tabTo, waitForRuntime } from "../helpers/browser";
import { startServer, type TestServer } from "../helpers/server";

/**
 * A test server of its own (fresh rate limits) and its database, open here too for seeding: SQLite under
 * its data folder (WAL), or PostgreSQL when `env` has a DATABASE_URL.
 */
export interface StaffServer {
	readonly server: TestServer;
	readonly database: DatabaseHandle;
	/** Its DATA_DIR: another server started on it shares the database. */
	readonly dataDir: string;
	url(path: string): string;
	stop(): Promise<void>;
}

export async function startStaffServer(env: Record<string, string> = {}): Promise<StaffServer> {
	const dataDir = mkdtempSync(join(tmpdir(), "lumen-staff-"));
	const server = await startServer({ env: { ...env, DATA_DIR: dataDir } });
	const database = await openDatabase({ dataDir, databaseUrl: env.DATABASE_URL });
	return {
		server,
		database,
		dataDir,
		url: (path) => `${server.origin}${path}`,
		async stop() {
			await database.close();
			await server.stop();
		},
	};
}

/** The value of a Set-Cookie header's cookie, and the header itself. */
export function sessionCookie(response: Response): { value: string; header: string } | undefined {
	const header = response.headers.getSetCookie().find((cookie) => cookie.startsWith("lumen_staff="));
	if (!header) return undefined;
	return { value: header.slice("lumen_staff=".length).split(";")[0] ?? "", header };
}

/** Signs in over HTTP; resolves to the response (303 and a cookie when it worked). */
export function postSignIn(
	staff: StaffServer,
	credentials: { email: string; password: string },
	headers: Record<string, string> = {},
): Promise<Response> {
	return fetch(staff.url("/staff/login"), {
		method: "POST",
		body: new URLSearchParams({ ...credentials, signIn: "" }),
		headers,
		redirect: "manual",
	});
}

/** A session cookie header for the account, or a failed test. */
export async function signIn(
	staff: StaffServer,
	credentials: { email: string; password: string },
): Promise<string> {
	const cookie = sessionCookie(await postSignIn(staff, credentials));
	if (!cookie) throw new Error("sign-in failed");
	return `lumen_staff=${cookie.value}`;
}

/**
 * A new page signed in as the account the way a person does it (keyboard only, in the language given),
 * on the staff start page with the runtime running.
 */
export async function signInInBrowser(
	browser: Browser,
	staff: StaffServer,
	account: { email: string; password: string },
	lang: "cs" | "en" = "cs",
): Promise<Page> {
	const { page } = await openPage(browser);
	await page.goto(staff.url(`${lang === "en" ? "/en" : ""}/staff/login`));
	await tabTo(page, "#frm-staffLogin-email");
	await page.keyboard.type(account.email);
	await page.keyboard.press("Tab");
	await page.keyboard.type(account.password);
	await Promise.all([page.waitForURL(/\/staff$/), page.keyboard.press("Enter")]);
	await waitForRuntime(page);
	return page;
}
