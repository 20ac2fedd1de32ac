/** The seeded partner stores and the queries over them, on SQLite (and PostgreSQL when configured). */
import { afterAll, describe, expect, it } from "vitest";
import { REGIONS } from "../../src/i18n/regions";
import type { DatabaseHandle } from "../../src/server/db";
import { isWeekHours } from "../../src/server/stores/hours";
import { seedStoreRows, seedStores, storeId } from "../../src/server/stores/seed";
import { findStore, listStores, storesByRegion } from "../../src/server/stores/stores";
import { type TestDatabase, testDatabases } from "../helpers/test-databases";

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

describe.each(testDatabases())("stores on %s", (_, open) => {
	let handle: DatabaseHandle;
	let database: TestDatabase | undefined;
	afterAll(() => database?.dispose());

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
		expect(await findStore(handle.db, id)).toBeUndefined();
		await handle.db.insertInto("stores").values(rows[0]!).execute();
	});

	it("lists stores by city as Czech sorts them, with a total and a window", async () => {
		const all = await listStores(handle.db);
		expect(all.total).toBe(rows.length);
		const cities = all.stores.map((store) => store.city);
		// Czech order: "Č" after "C", "Ch" after "H", numbers in numeric order.
		expect(cities.indexOf("Cheb")).toBeGreaterThan(cities.lastIndexOf("Hradec Králové"));
		expect(cities.indexOf("Česká Lípa")).toBeGreaterThan(cities.lastIndexOf("Bystřice pod Hostýnem"));
		expect(cities.indexOf("Praha 10")).toBeGreaterThan(cities.lastIndexOf("Praha 9"));
		const window = await listStores(handle.db, { offset: 20, limit: 20 });
		expect(window.total).toBe(rows.length);
		expect(window.stores).toEqual(all.stores.slice(20, 40));
	});

	it("filters by region and by words in name, city, street or postcode, ignoring case and accents", async () => {
		const southMoravia = await listStores(handle.db, { region: "CZ-64" });
		expect(southMoravia.total).toBe(rows.filter((row) => row.region === "CZ-64").length);
		expect(southMoravia.stores.every((store) => store.region === "CZ-64")).toBe(true);

		const plzen = await listStores(handle.db, { text: "plzen" });
		const inPlzen = rows.filter((row) => row.city === "Plzeň").length;
		expect(inPlzen).toBeGreaterThan(0);
		expect(plzen.stores.filter((store) => store.city === "Plzeň")).toHaveLength(inPlzen);
		// Plzeňská street in Prague and Beroun matches too.
		expect(plzen.stores.every((store) => store.city === "Plzeň" || store.street.startsWith("Plzeňská"))).toBe(
			true,
		);

		const street = await listStores(handle.db, { text: "BRNO masarykova" });
		expect(street.stores.map((store) => store.street)).toEqual(["Masarykova 31"]);

		expect((await listStores(handle.db, { text: "60200" })).total).toBe(6);
		expect((await listStores(handle.db, { text: "602 00" })).total).toBe(6);
		expect((await listStores(handle.db, { region: "CZ-10", text: "Brno" })).total).toBe(0);
		expect((await listStores(handle.db, { text: "%" })).total).toBe(0);
	});

	it("finds a store by id with its hours parsed", async () => {
		const store = await findStore(handle.db, "praha-1-vaclavske-namesti-21");
		expect(store).toMatchObject({ city: "Praha 1", postcode: "110 00", region: "CZ-10" });
		expect(store?.hours?.fri).toEqual([["07:00", "02:00"]]);
		expect(await findStore(handle.db, "no-such-store")).toBeUndefined();
	});

	it("shows a store whose stored hours are broken without hours, and leaves out one in no known region", async () => {
		await handle.db
			.insertInto("stores")
			.values([
				{ ...rows[0]!, id: "broken-hours", opening_hours: "{" },
				{ ...rows[0]!, id: "no-region", region: "CZ-99" },
			])
			.execute();
		expect((await findStore(handle.db, "broken-hours"))?.hours).toBeUndefined();
		expect(await findStore(handle.db, "no-region")).toBeUndefined();
		await handle.db.deleteFrom("stores").where("id", "in", ["broken-hours", "no-region"]).execute();
	});

	it("groups all stores by region in the order of the regions", async () => {
		const groups = await storesByRegion(handle.db);
		expect(groups.map((group) => group.region)).toEqual(Object.keys(REGIONS));
		expect(groups.reduce((sum, group) => sum + group.stores.length, 0)).toBe(rows.length);
	});
});
