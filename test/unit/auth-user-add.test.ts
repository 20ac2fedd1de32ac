import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { verifyPassword } from "../../src/server/auth/password";
import { openDatabase } from "../../src/server/db";

const dataDir = mkdtempSync(join(tmpdir(), "lumen-user-add-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** The command, run without blocking: commands independent of each other run side by side. */
function userAdd(args: string[], password: string) {
	const child = spawn("node_modules/.bin/tsx", ["scripts/user-add.ts", ...args, "--password-stdin"], {
		env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
	});
	// A command refused for its arguments may exit before it reads the password: not a failure here.
	child.stdin.on("error", () => {});
	child.stdin.end(`${password}\n`);
	const output = { stdout: "", stderr: "" };
	child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
		output.stdout += chunk;
	});
	child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
		output.stderr += chunk;
	});
	return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve, reject) => {
		child.once("error", reject);
		child.once("close", (status) => resolve({ status, ...output }));
	});
}

describe("npm run user:add", () => {
	it("creates an account with a scrypt hash of the password from stdin, and refuses a second one", async () => {
		const created = await userAdd(
			["--email", " Eva@Lumen.example ", "--name", "Eva Editorová", "--role", "editor"],
			"long enough secret",
		);
		expect(created.stderr).toBe("");
		expect(created.stdout).toContain("Created the editor account eva@lumen.example.");
		expect(created.status).toBe(0);
		const again = await userAdd(
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
		const created = await userAdd(
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

	it("refuses short passwords, unknown roles and till accounts without a store", async () => {
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
		// Each command loads the server's modules through tsx (about a second of CPU): all at once.
		const results = await Promise.all(cases.map(([args, password]) => userAdd(args, password)));
		for (const [index, [, , error]] of cases.entries()) {
			expect(results[index]?.status).toBe(1);
			expect(results[index]?.stderr).toContain(error);
		}
	}, 30_000);
});
