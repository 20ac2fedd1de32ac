import type { Kysely } from "kysely";
import { REFUSAL_REASONS, type RefusalReason } from "../../domain/fraud/refusals";
import { addDays, endOfPragueDay, pragueDate } from "../../prague-time";
import type { Database } from "../db/schema";
import { type ActivityKind, hourOf } from "./activity";

/** How many domains and networks the page lists: the busiest ones are the ones to look at. */
export const FRAUD_TOP = 10;

/** Prague days from `from` to `to`, both included. */
export interface FraudRange {
	readonly from: string;
	readonly to: string;
}

/** One domain's, network's or reason's count per day of the range, and its total. */
export interface Series<Key extends string = string> {
	readonly key: Key;
	readonly total: number;
	readonly byDay: readonly number[];
}

export interface FraudFigures {
	readonly days: readonly string[];
	readonly domains: readonly Series[];
	readonly networks: readonly Series[];
	/** Every reason, in the order of REFUSAL_REASONS, zeros included. */
	readonly refusals: readonly Series<RefusalReason>[];
}

/** The UTC instant a Prague day starts. */
const startOfPragueDay = (date: string) => new Date(endOfPragueDay(addDays(date, -1)).getTime() + 1);

function daysOf({ from, to }: FraudRange): string[] {
	const days: string[] = [];
	for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
	return days;
}

/** Sums hourly rows into one series per key, in the order of `keys`. */
function seriesOf<Key extends string>(
	keys: readonly Key[],
	days: readonly string[],
	rows: readonly { key: string; hour: string; count: number | string | bigint }[],
): Series<Key>[] {
	const index = new Map(days.map((day, i) => [day, i]));
	const counts = new Map(keys.map((key) => [key as string, days.map(() => 0)]));
	for (const row of rows) {
		const day = index.get(pragueDate(new Date(`${row.hour}:00:00Z`)));
		const byDay = counts.get(row.key);
		if (day !== undefined && byDay) byDay[day] = (byDay[day] ?? 0) + Number(row.count);
	}
	return keys.map((key) => {
		const byDay = counts.get(key) ?? [];
		return { key, total: byDay.reduce((sum, n) => sum + n, 0), byDay };
	});
}

/**
 * The fraud watch's figures for a range: sign-ups by e-mail domain and by network (the busiest
 * FRAUD_TOP of each), refusals by reason, from the hourly counts (activity.ts).
 */
export async function fraudFigures(db: Kysely<Database>, range: FraudRange): Promise<FraudFigures> {
	const days = daysOf(range);
	const start = startOfPragueDay(range.from);
	const end = startOfPragueDay(addDays(range.to, 1));
	const hours = { from: hourOf(start), to: hourOf(end) };

	const busiest = async (kind: ActivityKind) => {
		const top = await db
			.selectFrom("registration_activity")
			.select((eb) => ["key", eb.fn.sum<number>("count").as("total")])
			.where("kind", "=", kind)
			.where("hour", ">=", hours.from)
			.where("hour", "<", hours.to)
			.groupBy("key")
			.orderBy("total", "desc")
			.orderBy("key")
			.limit(FRAUD_TOP)
			.execute();
		const keys = top.map((row) => row.key);
		const rows = keys.length ? await activityRows(kind, keys) : [];
		return seriesOf(keys, days, rows);
	};
	const activityRows = (kind: ActivityKind, keys?: readonly string[]) => {
		let query = db
			.selectFrom("registration_activity")
			.select(["key", "hour", "count"])
			.where("kind", "=", kind)
			.where("hour", ">=", hours.from)
			.where("hour", "<", hours.to);
		if (keys) query = query.where("key", "in", keys);
		return query.execute();
	};

	const [domains, networks, refusalRows] = await Promise.all([
		busiest("signup-domain"),
		busiest("signup-network"),
		activityRows("refusal"),
	]);
	return { days, domains, networks, refusals: seriesOf(REFUSAL_REASONS, days, refusalRows) };
}
