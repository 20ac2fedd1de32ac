import type pg from "pg";
import { statementName } from "./prepared";

type Query = (config: unknown, ...rest: unknown[]) => unknown;

/**
 * Makes a PostgreSQL connection run the prepared queries (prepared.ts) as named statements: parsed
 * and planned once per connection, then only bound to values. Parsing and planning a short statement
 * cost PostgreSQL about as much as running it, and a registration runs ten. Kysely sends a query as
 * (text, values); anything else (a text that is not a prepared query's, a cursor) goes as it came.
 */
export function nameStatements(client: pg.PoolClient): void {
	const query = client.query.bind(client) as Query;
	const named: Query = (config, ...rest) => {
		const name = typeof config === "string" && rest.length === 1 ? statementName(config) : undefined;
		return name === undefined ? query(config, ...rest) : query({ name, text: config, values: rest[0] });
	};
	client.query = named as typeof client.query;
}
