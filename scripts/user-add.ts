/**
 * Creates a staff account:
 * `npm run user:add -- --email x --name y --role admin|marketing|staff|editor [--store <id>]`.
 * The password is asked for without echo, or read from stdin with --password-stdin (for scripts).
 * Written to the audit log like an admin's change, with the command as its actor.
 * Uses the server's own configuration (DATA_DIR, DATABASE_URL, .env) and database module.
 */
import { existsSync } from "node:fs";
import { stdin, stdout } from "node:process";
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import { MIN_PASSWORD_LENGTH } from "../src/domain/staff/account-forms";
import { isStaffRole, STAFF_ROLES } from "../src/domain/staff/user";
import { loadConfig } from "../src/server/config";
import { openDatabase } from "../src/server/db";
import { createAccountFromCommand } from "../src/server/staff/accounts";

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
	if (!isStaffRole(role)) throw new UsageError(`--role must be one of ${STAFF_ROLES.join(", ")}`);
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
		const result = await createAccountFromCommand(database.db, "npm run user:add", {
			name: account.name,
			email: account.email,
			role: account.role,
			storeId: account.store,
			password,
		});
		if (!result.ok) {
			const reasons: Record<string, string> = {
				"unknown-store": `No store has the id "${account.store}"`,
				"email-taken": `An account with the e-mail ${account.email} exists already`,
			};
			throw new UsageError(reasons[result.reason] ?? result.reason);
		}
		console.log(`Created the ${account.role} account ${account.email}.`);
	} finally {
		await database.close();
	}
}

main().catch((error: unknown) => {
	console.error(error instanceof UsageError ? `user:add: ${error.message}` : error);
	process.exitCode = 1;
});
