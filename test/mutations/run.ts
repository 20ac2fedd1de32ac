/**
 * `npm run test:mutations`: applies each break of breaks.ts, one at a time, to a copy of the working
 * tree, and runs the tests that guard it; fails if any break leaves them green. The guarding tests are
 * first run without any break, so that a test failing for another reason cannot pass for a catch.
 * End-to-end tests run against the test build, which is rebuilt for each break (about a minute each).
 *
 * `npm run test:mutations -- <text>` runs only the breaks whose name contains the text.
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { BREAKS, type Break } from "./breaks";

const root = resolve(import.meta.dirname, "../..");
const filter = process.argv[2]?.toLowerCase();
const named = BREAKS.filter((each) => !filter || each.name.toLowerCase().includes(filter));
const withPostgres = Boolean(process.env.TEST_DATABASE_URL);
const breaks = named.filter((each) => withPostgres || !each.postgres);
const untried = named.length - breaks.length;

/** The working tree as it is (tracked and new files, not ignored ones), with the installed packages linked. */
function copyTree(): string {
	const copy = mkdtempSync(join(tmpdir(), "lumen-mutations-"));
	const listed = spawnSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
		cwd: root,
		encoding: "utf8",
	});
	for (const file of listed.stdout.split("\0").filter(Boolean)) {
		mkdirSync(dirname(join(copy, file)), { recursive: true });
		try {
			cpSync(join(root, file), join(copy, file));
		} catch {
			// Listed but deleted in the working tree.
		}
	}
	symlinkSync(join(root, "node_modules"), join(copy, "node_modules"));
	return copy;
}

function run(cwd: string, command: string, args: string[]): boolean {
	return spawnSync(command, args, { cwd, stdio: ["ignore", "pipe", "pipe"], encoding: "utf8" }).status === 0;
}

/**
 * Whether the guarding tests pass, and at least one of them ran: a name in `only` that matches no test
 * leaves Vitest green with every test skipped, and the break would survive unnoticed as "caught" never.
 */
function guardsPass(cwd: string, each: Break): boolean {
	const result = spawnSync("npx", testArgs(each), {
		cwd,
		stdio: ["ignore", "pipe", "pipe"],
		encoding: "utf8",
	});
	// The summary line of test/helpers/summary-reporter.ts.
	return result.status === 0 && /\b[1-9]\d* passed\b/.test(result.stdout);
}

const needsBuild = (each: Break) => each.tests.some((file) => file.startsWith("test/e2e/"));
const testArgs = (each: Break) => ["vitest", "run", ...each.tests, ...(each.only ? ["-t", each.only] : [])];

function build(cwd: string): void {
	if (!run(cwd, "npm", ["run", "build:test"])) throw new Error("npm run build:test failed");
}

const copy = copyTree();
let failed = false;
try {
	for (const each of breaks) {
		const source = readFileSync(join(copy, each.file), "utf8");
		const found = source.split(each.find).length - 1;
		if (found !== 1) {
			console.log(`✗ ${each.name}: its text occurs ${found} times in ${each.file} (expected once)`);
			failed = true;
		}
	}
	if (failed) process.exit(1);

	if (breaks.some(needsBuild)) build(copy);
	const baseline = new Map<string, boolean>();
	for (const each of breaks) {
		const key = testArgs(each).join(" ");
		if (!baseline.has(key)) baseline.set(key, guardsPass(copy, each));
		if (!baseline.get(key)) {
			console.log(`✗ ${each.name}: its tests fail without the break, or none of them ran (${key})`);
			failed = true;
		}
	}
	if (failed) process.exit(1);

	for (const each of breaks) {
		const path = join(copy, each.file);
		const source = readFileSync(path, "utf8");
		writeFileSync(path, source.replace(each.find, each.replace));
		try {
			if (needsBuild(each)) build(copy);
			const caught = !run(copy, "npx", testArgs(each));
			console.log(`${caught ? "✓ caught  " : "✗ SURVIVED"} ${each.name} (${each.file})`);
			if (!caught) failed = true;
		} finally {
			writeFileSync(path, source);
		}
	}
	console.log(
		`\n${breaks.length} breaks, ${failed ? "some survived: the tests named above miss them" : "every one caught"}`,
	);
	if (untried > 0)
		console.log(`${untried} break(s) of PostgreSQL's code not tried: TEST_DATABASE_URL is not set`);
} finally {
	rmSync(copy, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
