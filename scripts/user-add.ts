/**
 * Creates a staff account: `npm run user:add -- --email x --name y --role staff|editor|admin [--store <id>]`.
 * The password is asked for without echo, or read from stdin with --password-stdin (for scripts).
 * Uses the server's own configuration (DATA_DIR, DATABASE_URL, .env) and database module.
 */
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { stdin, stdout } from "node:process";
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import { hashPassword } from "../src/server/auth/password";
import { loadConfig } from "../src/server/config";
import { openDatabase } from "../src/server/db";

const MIN_PASSWORD_LENGTH = 10;

class UsageError extends Error {}

function readArguments() {
	const { values } = parseArgs({
		options: {
			email: { type: "string" },
			name: { type: "string" },
			role: { type: "string" },
			store: { type: "string" },
			"password-stdin": { type: "boolean", default: false },
		},
	});
	const email = values.email?.trim().toLowerCase() ?? "";
	const name = values.name?.trim() ?? "";
	const role = values.role;
	if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new UsageError("--email must be an e-mail address");
	if (!name) throw new UsageError("--name is required");
	if (role !== "staff" && role !== "editor" && role !== "admin") {
		throw new UsageError("--role must be staff, editor or admin");
	}
	// A redemption is recorded at the redeemer's store: a till account without one would record none.
	if (role === "staff" && !values.store) throw new UsageError("--store is required for the staff role");
	return { email, name, role, store: values.store ?? null, fromStdin: values["password-stdin"] } as const;
}

async function readAll(): Promise<string> {
	let text = "";
	for await (const chunk of stdin) text += chunk;
	return text.replace(/\r?\n$/, "");
}

/** Asks on the terminal without showing what is typed. */
function prompt(question: string): Promise<string> {
	const rl = createInterface({ input: stdin, output: stdout, terminal: true });
	let muted = false;
	const write = stdout.write.bind(stdout);
	(rl as unknown as { _writeToOutput: (text: string) => void })._writeToOutput = (text) => {
		if (!muted || text.includes("\n")) write(muted ? "\n" : text);
	};
	return new Promise((resolve) => {
		rl.question(question, (answer) => {
			rl.close();
			resolve(answer);
		});
		muted = true;
	});
}

async function readPassword(fromStdin: boolean): Promise<string> {
	if (fromStdin) return readAll();
	if (!stdin.isTTY) throw new UsageError("No terminal to ask for the password: use --password-stdin");
	const password = await prompt("Password: ");
	if (password !== (await prompt("Repeat the password: "))) throw new UsageError("The passwords differ");
	return password;
}

async function main(): Promise<void> {
	const account = readArguments();
	const password = await readPassword(account.fromStdin);
	if (password.length < MIN_PASSWORD_LENGTH) {
		throw new UsageError(`The password needs at least ${MIN_PASSWORD_LENGTH} characters`);
	}
	// The same .env `npm run serve` reads, so the account lands in the server's database.
	if (existsSync(".env")) process.loadEnvFile(".env");
	const database = await openDatabase(loadConfig());
	try {
		const { db } = database;
		if (account.store) {
			const store = await db
				.selectFrom("stores")
				.select("id")
				.where("id", "=", account.store)
				.executeTakeFirst();
			if (!store) throw new UsageError(`No store has the id "${account.store}"`);
		}
		const existing = await db
			.selectFrom("staff_users")
			.select("id")
			.where("email", "=", account.email)
			.executeTakeFirst();
		if (existing) throw new UsageError(`An account with the e-mail ${account.email} exists already`);
		await db
			.insertInto("staff_users")
			.values({
				id: randomUUID(),
				email: account.email,
				name: account.name,
				password_hash: await hashPassword(password),
				role: account.role,
				store_id: account.store,
				created_at: new Date().toISOString(),
			})
			.execute();
		console.log(`Created the ${account.role} account ${account.email}.`);
	} finally {
		await database.close();
	}
}

main().catch((error: unknown) => {
	console.error(error instanceof UsageError ? `user:add: ${error.message}` : error);
	process.exitCode = 1;
});
