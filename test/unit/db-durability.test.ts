import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type DatabaseHandle, openDatabase, sqliteFile } from "../../src/server/db";

/**
 * Whether a checkpoint has copied every frame of the WAL into the database file, read from the WAL
 * index (the -shm file; sqlite.org/walformat.html): its header's mxFrame (offset 16) against the
 * checkpoint's nBackfill (offset 96), in the machine's byte order. The writer's next transaction
 * then starts the WAL over.
 */
function checkpointedAll(file: string): boolean {
	const index = readFileSync(`${file}-shm`);
	const frames = index.readUInt32LE(16);
	return frames > 0 && index.readUInt32LE(96) === frames;
}

/**
 * The embedded database's promises to whoever runs it (README, Operations): a commit survives a crash
 * of the process (WAL, synchronous=NORMAL), the WAL is checkpointed off the request thread so it does
 * not grow without end, and a clean shutdown leaves one file.
 */
describe("the SQLite file's durability settings", () => {
	const dirs: string[] = [];
	const handles: DatabaseHandle[] = [];
	afterEach(async () => {
		await Promise.all(handles.splice(0).map((handle) => handle.close()));
		for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
	});
	const open = async () => {
		const dataDir = mkdtempSync(join(tmpdir(), "lumen-durability-"));
		dirs.push(dataDir);
		const handle = await openDatabase({ dataDir });
		handles.push(handle);
		const file = sqliteFile(dataDir);
		return { handle, file, wal: `${file}-wal` };
	};
	const pragma = async (handle: DatabaseHandle, name: string) =>
		Object.values((await sql.raw(`PRAGMA ${name}`).execute(handle.db)).rows[0] as object)[0];

	it("journals to a WAL, syncs at checkpoints, and leaves checkpoints to their own thread", async () => {
		const { handle } = await open();
		expect(await pragma(handle, "journal_mode")).toBe("wal");
		// 1 = NORMAL: 0 (OFF) would lose commits when the machine stops.
		expect(await pragma(handle, "synchronous")).toBe(1);
		expect(await pragma(handle, "wal_autocheckpoint")).toBe(0);
		expect(await pragma(handle, "foreign_keys")).toBe(1);
	});

	it("keeps the WAL small under a steady load: the checkpoints run beside the writer", async () => {
		const { handle, file, wal } = await open();
		const row = "x".repeat(20_000);
		// Four bursts of 2 MB with pauses between them, as registration peaks come. The writer starts the
		// WAL over once a checkpoint has caught up with it, so it holds one burst, not all four.
		let oneBurst = 0;
		for (let burst = 0; burst < 4; burst++) {
			for (let n = 0; n < 100; n++) {
				await handle.db
					.insertInto("app_meta")
					.values({ key: `load-${burst}-${n}`, value: row })
					.execute();
			}
			// The pause lasts until the worker has caught up, however busy the machine: without checkpoints it
			// never does.
			await vi.waitFor(() => expect(checkpointedAll(file)).toBe(true), { timeout: 20_000, interval: 20 });
			oneBurst ||= statSync(wal).size;
		}
		// The file is written over from its start: it holds one burst (about 4 MB: the b-tree's pages go
		// into it again with each commit), not four (over 13 MB without checkpoints).
		expect(oneBurst).toBeGreaterThan(100 * row.length);
		expect(statSync(wal).size).toBeLessThan(1.25 * oneBurst);
	});

	it("closes to a single file: the last connection checkpoints the WAL and removes it", async () => {
		const { handle, wal } = await open();
		await handle.db.insertInto("app_meta").values({ key: "closing", value: "1" }).execute();
		expect(existsSync(wal)).toBe(true);
		handles.splice(handles.indexOf(handle), 1);
		await handle.close();
		expect(existsSync(wal)).toBe(false);
	});
});
