import type { Compilable, CompiledQuery, Kysely } from "kysely";
import type { Database } from "./schema";

const PLACEHOLDER = "\u0000prepared value: ";

interface Prepared<Row> {
	readonly query: CompiledQuery<Row>;
	/** For each parameter of the query, the name of the value that goes there, or a constant of the query. */
	readonly slots: readonly (string | { readonly constant: unknown })[];
	readonly names: readonly string[];
}

/**
 * A query built and compiled once per database (its dialect decides the SQL), then run with other
 * values: building and compiling a Kysely query costs more CPU than SQLite takes to run a short insert,
 * a tenth of a registration's for its five. `build` gets placeholders for the values, each of which
 * must reach the query as a parameter of its own, unchanged (checked when it is compiled).
 */
export function prepare<Values extends Record<string, unknown>, Row>(
	build: (db: Kysely<Database>, values: Values) => Compilable<Row>,
): (db: Kysely<Database>, values: Values) => Promise<Row[]> {
	// Keyed by the dialect's adapter: one per database, shared by its transactions.
	const compiled = new WeakMap<object, Prepared<Row>>();
	return async (db, values) => {
		const adapter = db.getExecutor().adapter;
		let prepared = compiled.get(adapter);
		if (!prepared) {
			prepared = compile(db, build, Object.keys(values));
			compiled.set(adapter, prepared);
		}
		// A call with other columns than the first would silently drop them.
		if (Object.keys(values).length !== prepared.names.length) {
			throw new Error(`A prepared query takes exactly ${prepared.names.join(", ")}`);
		}
		const parameters = prepared.slots.map((slot) =>
			typeof slot === "string" ? values[slot] : slot.constant,
		);
		const { rows } = await db.executeQuery<Row>({ ...prepared.query, parameters });
		return rows;
	};
}

function compile<Values extends Record<string, unknown>, Row>(
	db: Kysely<Database>,
	build: (db: Kysely<Database>, values: Values) => Compilable<Row>,
	names: readonly string[],
): Prepared<Row> {
	const placeholders = Object.fromEntries(names.map((name) => [name, `${PLACEHOLDER}${name}`])) as Values;
	const query = build(db, placeholders).compile();
	const slots = query.parameters.map((parameter) =>
		typeof parameter === "string" && parameter.startsWith(PLACEHOLDER)
			? parameter.slice(PLACEHOLDER.length)
			: { constant: parameter },
	);
	const missing = names.filter((name) => !slots.includes(name));
	if (missing.length || query.sql.includes(PLACEHOLDER)) {
		throw new Error(`A prepared query must take ${missing.join(", ") || "every value"} as a parameter`);
	}
	return { query, slots, names };
}
