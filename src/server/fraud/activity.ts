import type { Kysely } from "kysely";
import type { RefusalReason } from "../../domain/fraud/refusals";
import type { Database } from "../db/schema";

/** What the registration form counts per hour: refusals by reason, sign-ups by e-mail domain and by network. */
export type ActivityKind = "refusal" | "signup-domain" | "signup-network";

/** Distinct counters kept between two writes: a flood from ever new networks cannot grow memory without bound. */
export const MAX_PENDING_KEYS = 5000;
/** Where counts go once that many distinct ones wait. */
export const OTHER_KEY = "(other)";
/** Networks are about people: their counts are kept as long as failed staff sign-ins, the rest a campaign. */
export const NETWORK_DAYS_KEPT = 30;

const ROWS_PER_STATEMENT = 500;

/** The UTC hour of an instant, as the table keeps it: "2026-11-26T22". */
export const hourOf = (at: Date) => at.toISOString().slice(0, 13);

interface Pending {
	hour: string;
	kind: ActivityKind;
	key: string;
	count: number;
}

/**
 * Counts in memory and adds them to `registration_activity` in one statement per few hundred counters
 * (see flush): a refused bot costs the database nothing on its own request, however many it sends. Every
 * process adds its own counts, so the sums are the site's. A crash loses at most one interval's counts,
 * which a fraud watch can afford.
 */
export class RegistrationActivity {
	#pending = new Map<string, Pending>();
	/** The last flush: the next one waits for it. */
	#flushed: Promise<void> = Promise.resolve();

	constructor(
		private readonly db: Kysely<Database>,
		private readonly now: () => Date = () => new Date(),
	) {}

	refusal(reason: RefusalReason): void {
		this.#count("refusal", reason);
	}

	/** A sign-up that was let through to the mailbox check: its address's domain and its network. */
	signup(emailCanonical: string, network: string): void {
		this.#count("signup-domain", emailCanonical.slice(emailCanonical.lastIndexOf("@") + 1));
		this.#count("signup-network", network);
	}

	#count(kind: ActivityKind, key: string): void {
		const hour = hourOf(this.now());
		let id = `${kind}\n${hour}\n${key}`;
		if (!this.#pending.has(id) && this.#pending.size >= MAX_PENDING_KEYS) {
			key = OTHER_KEY;
			id = `${kind}\n${hour}\n${key}`;
		}
		const pending = this.#pending.get(id);
		if (pending) pending.count++;
		else this.#pending.set(id, { hour, kind, key, count: 1 });
	}

	/**
	 * Adds what was counted since the last flush; what fails to be written is counted again next time.
	 * One flush at a time: one called while another writes (the fraud page's, as the timer's is under way)
	 * ends once that one's counts are written too, so a reader that flushes first sees every count.
	 */
	flush(): Promise<void> {
		const flush = this.#flushed.catch(() => {}).then(() => this.#write());
		this.#flushed = flush;
		return flush;
	}

	async #write(): Promise<void> {
		if (this.#pending.size === 0) return;
		const rows = [...this.#pending.values()];
		this.#pending = new Map();
		for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
			const batch = rows.slice(i, i + ROWS_PER_STATEMENT);
			try {
				await this.db
					.insertInto("registration_activity")
					.values(batch)
					.onConflict((conflict) =>
						conflict.columns(["kind", "hour", "key"]).doUpdateSet((eb) => ({
							count: eb("registration_activity.count", "+", eb.ref("excluded.count")),
						})),
					)
					.execute();
			} catch (error) {
				for (const row of rows.slice(i)) this.#restore(row);
				throw error;
			}
		}
	}

	#restore(row: Pending): void {
		const id = `${row.kind}\n${row.hour}\n${row.key}`;
		const pending = this.#pending.get(id);
		if (pending) pending.count += row.count;
		else this.#pending.set(id, { ...row });
	}

	/** Deletes network counts older than NETWORK_DAYS_KEPT. */
	async prune(): Promise<void> {
		const oldest = hourOf(new Date(this.now().getTime() - NETWORK_DAYS_KEPT * 86_400_000));
		await this.db
			.deleteFrom("registration_activity")
			.where("kind", "=", "signup-network")
			.where("hour", "<", oldest)
			.execute();
	}
}
