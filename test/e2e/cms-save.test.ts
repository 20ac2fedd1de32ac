/**
 * Saves of page texts over HTTP: only a block a page has, named with that page, is stored; anything else
 * is refused (4xx, never 5xx) with nothing written. The list of editable blocks the server checks against
 * is the one the editing view shows.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { editableBlocks } from "../../src/server/cms/editable-pages";
import { seedStaff } from "../helpers/staff-fixtures";
import { type StaffServer, signIn, startStaffServer } from "./staff-support";

let staff: StaffServer;
let cookie: string;
const AJAX = { "x-requested-with": "XMLHttpRequest" };

beforeAll(async () => {
	staff = await startStaffServer();
	cookie = await signIn(staff, await seedStaff(staff.database.db, { role: "editor" }));
});
afterAll(() => staff.stop());

function save(fields: Record<string, string>, options: { ajax?: boolean; lang?: "cs" | "en" } = {}) {
	return fetch(staff.url(options.lang === "en" ? "/en/staff/content" : "/staff/content"), {
		method: "POST",
		headers: { cookie, ...(options.ajax === false ? {} : AJAX) },
		body: new URLSearchParams({ version: "0", body: "Nový text", default: "x", ...fields }),
		redirect: "manual",
	});
}

async function storedRows(): Promise<number> {
	const { db } = staff.database;
	const blocks = await db.selectFrom("content_blocks").select("key").execute();
	const versions = await db.selectFrom("content_versions").select("key").execute();
	return blocks.length + versions.length;
}

describe("a save", () => {
	it("of a block no page has, or with a page that has no such block, is refused and stores nothing", async () => {
		const refused: [Record<string, string>, "cs" | "en"][] = [
			[{ key: "home.hero.title", path: "/ř" }, "cs"],
			[{ key: "home.hero.title", path: "/úvod" }, "en"],
			[{ key: "home.hero.title", path: "/stores" }, "cs"],
			[{ key: "home.hero.title", path: "//evil.example" }, "cs"],
			[{ key: "home.hero.title", path: "" }, "cs"],
			[{ key: "home.nothing", path: "/" }, "cs"],
			[{ key: "home.steps.9.title", path: "/" }, "en"],
			[{ key: "home.hero.title\u0000", path: "/" }, "cs"],
			[{ key: "constructor", path: "/" }, "cs"],
			[{ key: "home.hero.title", path: "constructor" }, "cs"],
		];
		for (const [fields, lang] of refused) {
			for (const ajax of [true, false]) {
				const response = await save(fields, { ajax, lang });
				const label = `${JSON.stringify(fields)} ${lang} ${ajax ? "ajax" : "plain"}`;
				expect(response.status, label).toBeGreaterThanOrEqual(400);
				expect(response.status, label).toBeLessThan(500);
				await response.arrayBuffer();
			}
		}
		expect(await storedRows()).toBe(0);
	});

	it("of a block of the page is stored, and leads back to that page without scripts", async () => {
		const plain = await save({ key: "home.faq-who.answer", path: "/" }, { ajax: false, lang: "en" });
		expect(plain.status).toBe(303);
		expect(plain.headers.get("location")).toBe("/en?edit");
		expect(await storedRows()).toBe(2);
	});

	it("is answered with controls whose forms name the edited page: the next save from them is stored", async () => {
		const first = await save({ key: "home.hero.lead", path: "/" }, { lang: "en" });
		const { snippets } = (await first.json()) as { snippets: Record<string, string> };
		const controls = snippets["snippet--cms-home.hero.lead"] ?? "";
		const form = /<form[^>]*cms-block__save[^>]*>(.*?)<\/form>/s.exec(controls)?.[1] ?? "";
		const fields = Object.fromEntries(
			[...form.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)"\/>/g)].map((match) => [
				match[1],
				match[2],
			]),
		);
		expect(fields).toMatchObject({ key: "home.hero.lead", version: "1", path: "/" });
		const second = await save({ ...fields, body: "Druhý text" }, { lang: "en" });
		expect(second.status).toBe(200);
		expect(JSON.stringify(await second.json())).toContain("Saved as version 2.");
	});
});

describe("the blocks a save may name", () => {
	it.each(["cs", "en"] as const)(
		"are the ones the editing view of the home page shows (%s)",
		async (lang) => {
			const html = await (
				await fetch(staff.url(lang === "en" ? "/en?edit" : "/?edit"), { headers: { cookie } })
			).text();
			const shown = [...html.matchAll(/id="cms-save-([^"]+)"/g)].map((match) => match[1]);
			expect(shown.length).toBeGreaterThan(10);
			expect(shown).toEqual(editableBlocks(lang, "/"));
		},
	);
});
