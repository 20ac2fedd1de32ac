/** The seeded partner stores and the queries over them, on SQLite (and PostgreSQL when configured). */
import { afterAll, describe, expect, it, vi } from "vitest";
import { isWeekHours } from "../../src/domain/stores/hours";
import { listStores, type Store, storesByRegion } from "../../src/domain/stores/stores";
import { REGIONS } from "../../src/i18n/regions";
import type { DatabaseHandle } from "../../src/server/db";
import { STORES_CACHE_TTL_MS, StoreCatalog } from "../../src/server/stores/catalog";
import { seedStoreRows, seedStores, storeId } from "../../src/server/stores/seed";
import { describeDatabases, type TestDatabase } from "../helpers/test-databases";

const rows = seedStoreRows();

describe("seed data", () => {
	it("has about three hundred stores in all fourteen regions, roughly by population", () => {
		expect(rows.length).toBeGreaterThanOrEqual(280);
		const perRegion = Map.groupBy(rows, (row) => row.region);
		expect([...perRegion.keys()].sort()).toEqual(Object.keys(REGIONS).sort());
		const inCity = (city: RegExp) => rows.filter((row) => city.test(row.city)).length;
		expect(inCity(/^Praha \d+$/)).toBeGreaterThanOrEqual(35);
		expect(inCity(/^Brno$/)).toBeGreaterThanOrEqual(12);
		expect(inCity(/^Ostrava$/)).toBeGreaterThanOrEqual(8);
		for (const stores of perRegion.values()) expect(stores.length).toBeGreaterThanOrEqual(8);
	});

	it("gives every store a unique, stable id, a name, a street and a Czech postcode", () => {
		expect(new Set(rows.map((row) => row.id)).size).toBe(rows.length);
		for (const row of rows) {
			expect(row.id).toBe(storeId(row.city, row.street));
			expect(row.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
			expect(row.postcode).toMatch(/^\d{3} \d{2}$/);
			expect(row.name).toMatch(/\S/);
			expect(row.street).toMatch(/\d/);
			expect(Object.hasOwn(REGIONS, row.region)).toBe(true);
		}
		expect(storeId("Praha 1", "Václavské náměstí 21")).toBe("praha-1-vaclavske-namesti-21");
	});

	it("gives every store well-formed hours that vary: long in cities, lunch breaks in small towns, malls daily", () => {
		const hours = rows.map((row) => JSON.parse(row.opening_hours));
		for (const week of hours) expect(isWeekHours(week)).toBe(true);
		const distinct = new Set(rows.map((row) => row.opening_hours));
		expect(distinct.size).toBeGreaterThanOrEqual(5);
		expect(hours.some((week) => week.mon.length === 2)).toBe(true);
		expect(hours.some((week) => week.sun.length === 0)).toBe(true);
		expect(hours.filter((week) => week.sun[0]?.join("-") === "09:00-21:00").length).toBeGreaterThan(10);
	});

	it("is the same on every call", () => {
		expect(seedStoreRows()).toEqual(rows);
	});
});

describeDatabases("stores on %s", (_, open) => {
	let handle: DatabaseHandle;
	let database: TestDatabase | undefined;
	afterAll(() => database?.dispose());
	/** The stores as a page reads them now (a new catalog: no copy from before). */
	const stored = async (): Promise<readonly Store[]> => (await new StoreCatalog(handle.db).snapshot()).stores;
	const findStore = async (id: string) => (await stored()).find((store) => store.id === id);

	it("seeds an empty table once, also when two servers seed at the same moment", async () => {
		database = await open();
		handle = database.handle;
		// Two processes starting together: both may find the table empty.
		await Promise.all([seedStores(handle.db), seedStores(handle.db)]);
		await seedStores(handle.db);
		const { count } = await handle.db
			.selectFrom("stores")
			.select((eb) => eb.fn.countAll<string | number>().as("count"))
			.executeTakeFirstOrThrow();
		expect(Number(count)).toBe(rows.length);
	});

	it("does not seed a table that already has stores", async () => {
		const id = rows[0]!.id;
		await handle.db.deleteFrom("stores").where("id", "=", id).execute();
		await seedStores(handle.db);
		expect(await findStore(id)).toBeUndefined();
		await handle.db.insertInto("stores").values(rows[0]!).execute();
	});

	it("lists stores by city as Czech sorts them, with a total and a window", async () => {
		const stores = await stored();
		const all = listStores(stores);
		expect(all.total).toBe(rows.length);
		const cities = all.stores.map((store) => store.city);
		// Czech order: "Č" after "C", "Ch" after "H", numbers in numeric order.
		expect(cities.indexOf("Cheb")).toBeGreaterThan(cities.lastIndexOf("Hradec Králové"));
		expect(cities.indexOf("Česká Lípa")).toBeGreaterThan(cities.lastIndexOf("Bystřice pod Hostýnem"));
		expect(cities.indexOf("Praha 10")).toBeGreaterThan(cities.lastIndexOf("Praha 9"));
		const window = listStores(stores, { offset: 20, limit: 20 });
		expect(window.total).toBe(rows.length);
		expect(window.stores).toEqual(all.stores.slice(20, 40));
	});

	it("filters by region and by words in name, city, street or postcode, ignoring case and accents", async () => {
		const stores = await stored();
		const southMoravia = listStores(stores, { region: "CZ-64" });
		expect(southMoravia.total).toBe(rows.filter((row) => row.region === "CZ-64").length);
		expect(southMoravia.stores.every((store) => store.region === "CZ-64")).toBe(true);

		const plzen = listStores(stores, { text: "plzen" });
		const inPlzen = rows.filter((row) => row.city === "Plzeň").length;
		expect(inPlzen).toBeGreaterThan(0);
		expect(plzen.stores.filter((store) => store.city === "Plzeň")).toHaveLength(inPlzen);
		// Plzeňská street in Prague and Beroun matches too.
		expect(plzen.stores.every((store) => store.city === "Plzeň" || store.street.startsWith("Plzeňská"))).toBe(
			true,
		);

		const street = listStores(stores, { text: "BRNO masarykova" });
		expect(street.stores.map((store) => store.street)).toEqual(["Masarykova 31"]);

		expect(listStores(stores, { text: "60200" }).total).toBe(6);
		expect(listStores(stores, { text: "602 00" }).total).toBe(6);
		expect(listStores(stores, { region: "CZ-10", text: "Brno" }).total).toBe(0);
		expect(listStores(stores, { text: "%" }).total).toBe(0);
	});

	it("reads a store with its hours parsed", async () => {
		const store = await findStore("praha-1-vaclavske-namesti-21");
		expect(store).toMatchObject({ city: "Praha 1", postcode: "110 00", region: "CZ-10" });
		expect(store?.hours?.fri).toEqual([["07:00", "02:00"]]);
		expect(await findStore("no-such-store")).toBeUndefined();
	});

	it("shows a store whose stored hours are broken without hours, and leaves out one in no known region", async () => {
		await handle.db
			.insertInto("stores")
			.values([
				{ ...rows[0]!, id: "broken-hours", opening_hours: "{" },
				{ ...rows[0]!, id: "no-region", region: "CZ-99" },
			])
			.execute();
		expect((await findStore("broken-hours"))?.hours).toBeUndefined();
		expect(await findStore("no-region")).toBeUndefined();
		await handle.db.deleteFrom("stores").where("id", "in", ["broken-hours", "no-region"]).execute();
	});

	it("are re-read once a second at most; a change of any store gives a new version, no change the same stores", async () => {
		let now = 0;
		const catalog = new StoreCatalog(handle.db, () => now);
		const first = await catalog.snapshot();
		const id = rows[1]!.id;
		await handle.db.updateTable("stores").set({ street: "Nová 1" }).where("id", "=", id).execute();
		expect(await catalog.snapshot()).toBe(first);

		now += STORES_CACHE_TTL_MS;
		const changed = await catalog.snapshot();
		expect(changed.version).not.toBe(first.version);
		expect(changed.stores.find((store) => store.id === id)?.street).toBe("Nová 1");

		await handle.db.updateTable("stores").set({ street: rows[1]!.street }).where("id", "=", id).execute();
		now += STORES_CACHE_TTL_MS;
		const back = await catalog.snapshot();
		expect(back.version).toBe(first.version);
		now += STORES_CACHE_TTL_MS;
		// Nothing changed: the same object, so what was derived from it is kept.
		expect(await catalog.snapshot()).toBe(back);
	});

	it("does not keep a failed read", async () => {
		const catalog = new StoreCatalog(handle.db, () => 0);
		const read = vi.spyOn(handle.db, "selectFrom").mockImplementationOnce(() => {
			throw new Error("database away");
		});
		await expect(catalog.snapshot()).rejects.toThrow("database away");
		read.mockRestore();
		expect((await catalog.snapshot()).stores).toHaveLength(rows.length);
	});

	it("groups all stores by region in the order of the regions", async () => {
		const groups = storesByRegion(await stored());
		expect(groups.map((group) => group.region)).toEqual(Object.keys(REGIONS));
		expect(groups.reduce((sum, group) => sum + group.stores.length, 0)).toBe(rows.length);
	});
});
