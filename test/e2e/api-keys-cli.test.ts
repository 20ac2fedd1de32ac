/**
 * The API key commands against a running server's database: `apikey:add` prints the key once, as the
 * last word, and stores only its hash; `apikey:list` shows the keys without them; `apikey:revoke` makes
 * the key's next request a 401.
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedStore, seedVoucher } from "../helpers/staff-fixtures";
import { ApiClient, ApiContract } from "./api-support";
import { type StaffServer, startStaffServer } from "./staff-support";

let server: StaffServer;
let contract: ApiContract;
let stores: string[];

beforeAll(async () => {
	server = await startStaffServer();
	stores = [
		await seedStore(server.database.db),
		await seedStore(server.database.db, "Drogerie Lumen Ostrava"),
	];
	contract = await ApiContract.load(server.server.origin);
}, 60_000);
afterAll(async () => {
	await server?.stop();
});

function command(script: string, args: string[]) {
	return spawnSync("node_modules/.bin/tsx", [`scripts/${script}.ts`, ...args], {
		env: { ...process.env, DATA_DIR: server.dataDir, DATABASE_URL: "" },
		encoding: "utf8",
	});
}

describe("npm run apikey:add / apikey:list / apikey:revoke", () => {
	it("issues a key shown once, stores its hash only; list never shows it; revoked, it gets 401", async () => {
		const added = command("apikey-add", [
			"--name",
			"dm Brno tills",
			"--store",
			stores[0]!,
			"--store",
			stores[1]!,
		]);
		expect(added.stderr).toBe("");
		expect(added.status).toBe(0);
		const key = added.stdout.trim().split(/\s+/).at(-1)!;
		expect(key).toMatch(/^lumen_[\w-]{43}$/);
		expect(added.stdout.split(key)).toHaveLength(2);
		const id = /Created the API key (key_[0-9a-f]+)/.exec(added.stdout)?.[1];
		expect(id).toBeDefined();

		const stored = await server.database.db
			.selectFrom("api_keys")
			.selectAll()
			.where("id", "=", id!)
			.executeTakeFirstOrThrow();
		expect(stored.key_hash).toBe(createHash("sha256").update(key).digest("hex"));
		expect(JSON.stringify(stored)).not.toContain(key.slice(6));

		const api = new ApiClient(server.server.origin, contract, key);
		const code = await seedVoucher(server.database.db);
		expect((await api.voucher(code)).status).toBe(200);
		expect((await api.redeem(code, stores[1]!)).status).toBe(201);

		const listed = command("apikey-list", []);
		expect(listed.status).toBe(0);
		expect(listed.stdout).toContain(
			`${id}  active  "dm Brno tills"  stores: ${[...stores].sort().join(", ")}  1200/min`,
		);
		expect(listed.stdout).not.toContain(key.slice(6));

		const revoked = command("apikey-revoke", [id!]);
		expect(revoked.stdout).toContain(`Revoked the API key ${id}.`);
		expect(revoked.status).toBe(0);
		expect((await api.voucher(code)).status).toBe(401);
		expect(command("apikey-list", []).stdout).toMatch(new RegExp(`${id}  revoked \\d{4}-`));
		const again = command("apikey-revoke", [id!]);
		expect(again.status).toBe(1);
		expect(again.stderr).toContain("is revoked already");
	}, 60_000);

	it("refuses a key without a name, without a store or for an unknown store, storing nothing", async () => {
		const cases: [string[], string][] = [
			[["--store", stores[0]!], "--name is required"],
			[["--name", "No stores"], "at least one --store is required"],
			[["--name", "Ghost", "--store", "no-such-store"], 'No store has the id "no-such-store"'],
			[["--name", "Fast", "--store", stores[0]!, "--rate", "fast"], "--rate must be"],
		];
		const before = await server.database.db.selectFrom("api_keys").select("id").execute();
		for (const [args, message] of cases) {
			const result = command("apikey-add", args);
			expect(result.status).toBe(1);
			expect(result.stderr).toContain(`apikey:add: ${message}`);
			expect(result.stdout).not.toMatch(/lumen_/);
		}
		expect(await server.database.db.selectFrom("api_keys").select("id").execute()).toEqual(before);
	}, 60_000);
});
