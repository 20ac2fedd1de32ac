import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { verifyPassword } from "../../src/server/auth/password";
import { openDatabase } from "../../src/server/db";

const dataDir = mkdtempSync(join(tmpdir(), "lumen-user-add-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function userAdd(args: string[], password: string) {
	return spawnSync("node_modules/.bin/tsx", ["scripts/user-add.ts", ...args, "--password-stdin"], {
		input: `${password}\n`,
		env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
		encoding: "utf8",
	});
}

describe("npm run user:add", () => {
	it("creates an account with a scrypt hash of the password from stdin, and refuses a second one", async () => {
		const created = userAdd(
			["--email", " Eva@Lumen.example ", "--name", "Eva Editorová", "--role", "editor"],
			"long enough secret",
		);
		expect(created.stderr).toBe("");
		expect(created.stdout).toContain("Created the editor account eva@lumen.example.");
		expect(created.status).toBe(0);
		const again = userAdd(
			["--email", "eva@lumen.example", "--name", "Eva", "--role", "editor"],
			"long enough secret",
		);
		expect(again.status).toBe(1);
		expect(again.stderr).toContain("exists already");

		const database = await openDatabase({ dataDir });
		const users = await database.db.selectFrom("staff_users").selectAll().execute();
		await database.close();
		expect(users).toHaveLength(1);
		expect(users[0]).toMatchObject({
			email: "eva@lumen.example",
			name: "Eva Editorová",
			role: "editor",
			store_id: null,
		});
		expect(users[0]!.password_hash).not.toContain("long enough secret");
		expect(await verifyPassword("long enough secret", users[0]!.password_hash)).toBe(true);
	}, 30_000);

	it("creates an admin account, which needs no store", async () => {
		const created = userAdd(
			["--email", "alena@lumen.example", "--name", "Alena Správcová", "--role", "admin"],
			"long enough secret",
		);
		expect(created.stderr).toBe("");
		expect(created.stdout).toContain("Created the admin account alena@lumen.example.");
		const database = await openDatabase({ dataDir });
		const user = await database.db
			.selectFrom("staff_users")
			.selectAll()
			.where("email", "=", "alena@lumen.example")
			.executeTakeFirst();
		await database.close();
		expect(user).toMatchObject({ role: "admin", store_id: null });
	}, 30_000);

	it("refuses short passwords, unknown roles and till accounts without a store", () => {
		const cases: [string[], string, string][] = [
			[["--email", "a@lumen.example", "--name", "A", "--role", "editor"], "short", "at least 10 characters"],
			[
				["--email", "a@lumen.example", "--name", "A", "--role", "owner"],
				"long enough secret",
				"--role must be",
			],
			[
				["--email", "a@lumen.example", "--name", "A", "--role", "staff"],
				"long enough secret",
				"--store is required",
			],
			[
				["--email", "not-an-email", "--name", "A", "--role", "editor"],
				"long enough secret",
				"--email must be",
			],
		];
		for (const [args, password, error] of cases) {
			const result = userAdd(args, password);
			expect(result.status).toBe(1);
			expect(result.stderr).toContain(error);
		}
	}, 30_000);
});
