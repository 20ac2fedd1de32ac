import { describe, expect, it } from "vitest";
import { CONTENT_CACHE_TTL_MS, ContentStore } from "../../src/server/cms/content-store";
import { normalizeBlockText } from "../../src/server/cms/routes";
import { seedStaff } from "../helpers/staff-fixtures";
import { describeDatabases, disposedAfterAll } from "../helpers/test-databases";

describe("block text", () => {
	it("is one line of plain text: breaks and runs of spaces collapse, no-break spaces stay", () => {
		expect(normalizeBlockText("  Poukázka\n150 Kč\t\tna  péči ")).toBe("Poukázka 150 Kč na péči");
		expect(normalizeBlockText("z\u00a0partnerských")).toBe("z\u00a0partnerských");
		expect(normalizeBlockText("<b>bold</b>")).toBe("<b>bold</b>");
	});
});

describeDatabases("content store on %s", (_kind, open) => {
	const openDatabase = disposedAfterAll(open);
	const setup = async () => {
		const database = await openDatabase();
		const { db } = database.handle;
		const editor = await seedStaff(db, { role: "editor" });
		return { db, editor };
	};
	const key = "home.hero.title";

	it("saves versions 1, 2, … and records each in the history with its author", async () => {
		const { db, editor } = await setup();
		const store = new ContentStore(db);
		expect(await store.save({ key, lang: "cs", body: "První", baseVersion: 0, userId: editor.id })).toEqual({
			saved: true,
			block: { body: "První", version: 1 },
		});
		expect(await store.save({ key, lang: "cs", body: "Druhý", baseVersion: 1, userId: editor.id })).toEqual({
			saved: true,
			block: { body: "Druhý", version: 2 },
		});
		expect((await store.blocks("cs")).get(key)).toEqual({ body: "Druhý", version: 2 });
		expect((await store.blocks("en")).get(key)).toBeUndefined();
		const history = (await store.history("cs")).get(key);
		expect(history?.map(({ version, body, authorName }) => ({ version, body, authorName }))).toEqual([
			{ version: 2, body: "Druhý", authorName: editor.name },
			{ version: 1, body: "První", authorName: editor.name },
		]);
	});

	it("refuses a save based on an old version and changes nothing", async () => {
		const { db, editor } = await setup();
		const store = new ContentStore(db);
		await store.save({ key, lang: "cs", body: "A", baseVersion: 0, userId: editor.id });
		await store.save({ key, lang: "cs", body: "B", baseVersion: 1, userId: editor.id });
		expect(await store.save({ key, lang: "cs", body: "stale", baseVersion: 1, userId: editor.id })).toEqual({
			saved: false,
			current: { body: "B", version: 2 },
		});
		// A first save when someone saved already is just as stale.
		expect(await store.save({ key, lang: "cs", body: "stale", baseVersion: 0, userId: editor.id })).toEqual({
			saved: false,
			current: { body: "B", version: 2 },
		});
		const versions = await db.selectFrom("content_versions").select("body").where("key", "=", key).execute();
		expect(versions.map((row) => row.body).sort()).toEqual(["A", "B"]);
	});

	it("of concurrent saves on the same version exactly one wins", async () => {
		const { db, editor } = await setup();
		const store = new ContentStore(db);
		const first = await Promise.all(
			Array.from({ length: 10 }, (_, index) =>
				store.save({ key, lang: "cs", body: `first ${index}`, baseVersion: 0, userId: editor.id }),
			),
		);
		expect(first.filter((result) => result.saved)).toHaveLength(1);
		const next = await Promise.all(
			Array.from({ length: 10 }, (_, index) =>
				store.save({ key, lang: "cs", body: `next ${index}`, baseVersion: 1, userId: editor.id }),
			),
		);
		expect(next.filter((result) => result.saved)).toHaveLength(1);
		const versions = await db
			.selectFrom("content_versions")
			.select("version")
			.where("key", "=", key)
			.execute();
		expect(versions.map((row) => Number(row.version)).sort()).toEqual([1, 2]);
	});

	it("a save shows at once in its process, and in another within the cache's lifetime", async () => {
		const { db, editor } = await setup();
		let now = 0;
		const writer = new ContentStore(db, () => now);
		const reader = new ContentStore(db, () => now);
		expect((await writer.blocks("cs")).get(key)).toBeUndefined();
		expect((await reader.blocks("cs")).get(key)).toBeUndefined();
		await writer.save({ key, lang: "cs", body: "Nový", baseVersion: 0, userId: editor.id });
		expect((await writer.blocks("cs")).get(key)?.body).toBe("Nový");
		now += CONTENT_CACHE_TTL_MS;
		expect((await reader.blocks("cs")).get(key)?.body).toBe("Nový");
	});
});
