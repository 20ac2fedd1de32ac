import { addDays, endOfPragueDay } from "../../prague-time";

/** A store's line of a month's settlement: its redemptions (net of those undone later) and what it is owed. */
export interface StatementRow {
	readonly storeId: string;
	readonly storeName: string;
	readonly chain: string;
	readonly count: number;
	readonly amountCzk: number;
}

export interface Subtotal {
	readonly count: number;
	readonly amountCzk: number;
}

/** What Lumen owes the partner stores for one Prague calendar month. */
export interface Statement {
	/** YYYY-MM. */
	readonly month: string;
	/** The voucher's value the amounts were computed with (frozen with the statement when the month closes). */
	readonly voucherValueCzk: number;
	/** By chain, then store name. */
	readonly rows: readonly StatementRow[];
	readonly chains: readonly (Subtotal & { readonly chain: string })[];
	readonly total: Subtotal;
}

const MONTH = /^(20\d\d)-(0[1-9]|1[0-2])$/;

/** A YYYY-MM text of this century, or undefined. */
export function parseMonth(text: unknown): string | undefined {
	return typeof text === "string" && MONTH.test(text) ? text : undefined;
}

/** The month after a YYYY-MM month. */
export function nextMonth(month: string): string {
	const [year, number] = month.split("-").map(Number) as [number, number];
	return number === 12 ? `${year + 1}-01` : `${year}-${String(number + 1).padStart(2, "0")}`;
}

export function previousMonth(month: string): string {
	const [year, number] = month.split("-").map(Number) as [number, number];
	return number === 1 ? `${year - 1}-12` : `${year}-${String(number - 1).padStart(2, "0")}`;
}

/** The Prague midnight starting a day, as an ISO UTC instant. */
const pragueMidnight = (date: string) =>
	new Date(endOfPragueDay(addDays(date, -1)).getTime() + 1).toISOString();

/** The Prague calendar month as a half-open UTC range [start, end) of ISO strings (CET or CEST). */
export function monthRange(month: string): { start: string; end: string } {
	return { start: pragueMidnight(`${month}-01`), end: pragueMidnight(`${nextMonth(month)}-01`) };
}

/** Rows, chain subtotals and the total, from each store's net count. */
export function buildStatement(
	month: string,
	voucherValueCzk: number,
	stores: readonly { storeId: string; storeName: string; chain: string; count: number }[],
): Statement {
	const collator = new Intl.Collator("cs");
	const rows = stores
		.filter((store) => store.count !== 0)
		.map((store) => ({ ...store, amountCzk: store.count * voucherValueCzk }))
		.sort(
			(a, b) =>
				collator.compare(a.chain, b.chain) ||
				collator.compare(a.storeName, b.storeName) ||
				a.storeId.localeCompare(b.storeId),
		);
	const chains: (Subtotal & { chain: string })[] = [];
	for (const row of rows) {
		const last = chains.at(-1);
		if (last?.chain === row.chain) {
			chains[chains.length - 1] = {
				chain: row.chain,
				count: last.count + row.count,
				amountCzk: last.amountCzk + row.amountCzk,
			};
		} else {
			chains.push({ chain: row.chain, count: row.count, amountCzk: row.amountCzk });
		}
	}
	const count = rows.reduce((sum, row) => sum + row.count, 0);
	return { month, voucherValueCzk, rows, chains, total: { count, amountCzk: count * voucherValueCzk } };
}

/**
 * The statement as CSV for Excel with Czech regional settings: UTF-8 with a byte order mark (or Excel reads
 * it as Windows-1250), `;` between fields (the Czech list separator, as `,` is the decimal comma), CRLF
 * line ends, and every text field quoted. One row per store: id, name, chain, count, amount in CZK.
 */
export function statementCsv(statement: Statement, header: readonly string[]): string {
	// A text Excel would take for a formula (=, +, -, @ first) is kept as text by a leading apostrophe.
	const quote = (text: string) => `"${(/^[=+\-@]/.test(text) ? `'${text}` : text).replaceAll('"', '""')}"`;
	const lines = [header.map(quote).join(";")];
	for (const row of statement.rows) {
		lines.push(
			[
				quote(row.storeId),
				quote(row.storeName),
				quote(row.chain),
				String(row.count),
				String(row.amountCzk),
			].join(";"),
		);
	}
	return `\uFEFF${lines.join("\r\n")}\r\n`;
}
