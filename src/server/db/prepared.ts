import type { Compilable, CompiledQuery, Kysely, RootOperationNode } from "kysely";
import type { Database } from "./schema";

const PLACEHOLDER = "\u0000prepared value: ";

interface Prepared<Row> {
	readonly query: CompiledQuery<Row>;
	/** For each parameter of the query, the name of the value that goes there, or a constant of the query. */
	readonly slots: readonly (string | { readonly constant: unknown })[];
	readonly names: readonly string[];
}

/** The texts of the prepared queries, each with the name PostgreSQL prepares it under (statementName). */
const names = new Map<string, string>();

/**
 * The name under which a connection prepares this text once and then only binds values to it
 * (named-statements.ts), or undefined for a text that is not one of the prepared queries: the
 * others vary (an `in` list's length) or run rarely, and would only fill the connections' memory.
 */
export const statementName = (sql: string): string | undefined => names.get(sql);

/**
 * A query built and compiled once per database (its dialect decides the SQL), then run with other
 * values: building and compiling a Kysely query costs more CPU than SQLite takes to run a short insert,
 * a tenth of a registration's for its five. On PostgreSQL each connection also parses and plans it
 * once (statementName). `build` gets placeholders for the values, each of which must reach the query
 * as a parameter of its own, unchanged (checked when it is compiled).
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
	valueNames: readonly string[],
): Prepared<Row> {
	const placeholders = Object.fromEntries(
		valueNames.map((name) => [name, `${PLACEHOLDER}${name}`]),
	) as Values;
	const query = build(db, placeholders).compile();
	const slots = query.parameters.map((parameter) =>
		typeof parameter === "string" && parameter.startsWith(PLACEHOLDER)
			? parameter.slice(PLACEHOLDER.length)
			: { constant: parameter },
	);
	const missing = valueNames.filter((name) => !slots.includes(name));
	if (missing.length || query.sql.includes(PLACEHOLDER)) {
		throw new Error(`A prepared query must take ${missing.join(", ") || "every value"} as a parameter`);
	}
	if (returnsEveryColumn(query.query)) {
		throw new Error(
			"A prepared query names the columns it returns: a migration that adds a column would make PostgreSQL refuse it",
		);
	}
	if (!names.has(query.sql)) names.set(query.sql, `lumen_${names.size + 1}`);
	return { query, slots, names: valueNames };
}

/**
 * Whether the query returns `*` or `table.*`. PostgreSQL keeps a prepared query as a named statement on
 * each connection (statementName), and refuses to run one again once its result would have other
 * columns ("cached plan must not change result type"): a running process would fail on it from the
 * moment another one migrates the schema.
 */
function returnsEveryColumn(node: RootOperationNode): boolean {
	const selections =
		"selections" in node ? node.selections : "returning" in node ? node.returning?.selections : undefined;
	return (selections ?? []).some(
		({ selection }) =>
			selection.kind === "SelectAllNode" ||
			(selection.kind === "ReferenceNode" && selection.column.kind === "SelectAllNode"),
	);
}

/**
 * prepare() for a query of several rows (a multi-row insert): `build` gets one placeholder row per
 * row, and placeholders for the `shared` values, which the query takes once; a query is compiled for
 * each number of rows it is called with.
 */
export function prepareRows<
	Values extends Record<string, unknown>,
	Row,
	Shared extends Record<string, unknown> = Record<never, never>,
>(
	build: (db: Kysely<Database>, rows: readonly Values[], shared: Shared) => Compilable<Row>,
): (db: Kysely<Database>, rows: readonly Values[], shared?: Shared) => Promise<Row[]> {
	type Flat = Record<string, unknown>;
	const byCount = new Map<number, (db: Kysely<Database>, values: Flat) => Promise<Row[]>>();
	// Row i's value `name` is the flat value `i.name`, a shared one `shared.name`.
	const unflatten = (flat: Flat, count: number) => {
		const rows = Array.from({ length: count }, () => ({}) as Flat);
		const shared: Flat = {};
		for (const [flatName, value] of Object.entries(flat)) {
			const dot = flatName.indexOf(".");
			const owner = flatName.slice(0, dot);
			(owner === "shared" ? shared : (rows[Number(owner)] as Flat))[flatName.slice(dot + 1)] = value;
		}
		return { rows: rows as unknown as Values[], shared: shared as Shared };
	};
	return (db, rows, shared) => {
		let prepared = byCount.get(rows.length);
		if (!prepared) {
			const count = rows.length;
			prepared = prepare((db, flat: Flat) => {
				const values = unflatten(flat, count);
				return build(db, values.rows, values.shared);
			});
			byCount.set(count, prepared);
		}
		const flat: Flat = {};
		rows.forEach((row, index) => {
			for (const [name, value] of Object.entries(row)) flat[`${index}.${name}`] = value;
		});
		for (const [name, value] of Object.entries(shared ?? {})) flat[`shared.${name}`] = value;
		return prepared(db, flat);
	};
}
