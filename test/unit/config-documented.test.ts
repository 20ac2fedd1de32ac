/**
 * Every setting the server reads is one an operator can find: a line in .env.example and a row of the
 * README's configuration table.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "../..");
/** Set by Node's tooling, not by the site's operator. */
const NOT_SETTINGS = new Set(["NODE_ENV"]);

function sources(folder: string): string[] {
	return readdirSync(join(ROOT, folder), { recursive: true, encoding: "utf8" })
		.filter((file) => /\.tsx?$/.test(file))
		.map((file) => readFileSync(join(ROOT, folder, file), "utf8"));
}

const variablesRead = new Set(
	sources("src")
		.flatMap((source) => [...source.matchAll(/\benv\.([A-Z][A-Z0-9_]+)/g)].map((match) => match[1]!))
		.filter((name) => !NOT_SETTINGS.has(name)),
);

it("reads settings at all (the scan finds them)", () => {
	expect(variablesRead).toContain("DATABASE_URL");
	expect(variablesRead).toContain("PERSONAL_DATA_RETENTION_MONTHS");
});

it("has every setting it reads in .env.example and in the README's configuration table", () => {
	const example = readFileSync(join(ROOT, ".env.example"), "utf8");
	const readme = readFileSync(join(ROOT, "README.md"), "utf8");
	const table = readme.slice(
		readme.indexOf("## Configuration"),
		readme.indexOf("\n## ", readme.indexOf("## Configuration") + 1),
	);
	for (const name of variablesRead) {
		expect(example, `.env.example lacks ${name}`).toMatch(new RegExp(`^${name}=`, "m"));
		expect(table, `the README's configuration table lacks ${name}`).toMatch(
			new RegExp(`^\\|[^\\n]*\`${name}\``, "m"),
		);
	}
});
