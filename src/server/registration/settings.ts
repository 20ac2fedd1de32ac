import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { PLUGIN } from "../plugin-names";
import { type AntispamConfig, antispamConfig } from "./antispam";
import { captchaFromEnv } from "./antispam/captcha";
import { type SignupKeys, signupKeys } from "./links";
import { type OutboxSender, startOutboxSender } from "./sender";

type Env = Readonly<Record<string, string | undefined>>;

export interface Registration {
	readonly antispam: AntispamConfig;
	readonly keys: SignupKeys;
	/** Set when SMTP_URL is: sends the outbox. */
	readonly sender: OutboxSender | undefined;
}

declare module "fastify" {
	interface FastifyInstance {
		/** The registration's services, one set for the routes of every language (registrationPlugin). */
		readonly registration: Registration;
	}
}

const CLEANUP_EVERY_MS = 10 * 60 * 1000;

/**
 * Decorates `app.registration` once for the app: the routes exist once per language, the sender and the
 * cleanup once per app. Both stop when the app closes.
 */
export const registrationPlugin = fp(
	(app: FastifyInstance, { env = process.env }: { env?: Env }) => {
		const db = app.database.db;
		const sender = env.SMTP_URL
			? startOutboxSender(db, env.SMTP_URL, env.MAIL_FROM || "Lumen <poukazky@lumen.example>", app.log)
			: undefined;
		if (!sender && app.config.env === "production") {
			app.log.warn("SMTP_URL is not set: e-mails stay in the outbox table (npm run outbox shows them)");
		}
		app.decorate("registration", {
			antispam: antispamConfig(app.config.sessionSecret, captchaFromEnv(env)),
			keys: signupKeys(app.config.sessionSecret),
			sender,
		} satisfies Registration);
		const cleanup = setInterval(() => {
			const now = new Date();
			void deleteExpiredChallenges(db, now).catch(() => {});
			void deleteExpiredSignups(db, now).catch(() => {});
		}, CLEANUP_EVERY_MS);
		cleanup.unref();
		app.addHook("onClose", async () => {
			clearInterval(cleanup);
			await sender?.stop();
		});
	},
	{ name: PLUGIN.registration, decorators: { fastify: ["config", "database"] } },
);

/** Used challenges are kept only while they could still be replayed: until they expire. */
export async function deleteExpiredChallenges(db: Kysely<Database>, now: Date): Promise<void> {
	await db.deleteFrom("used_challenges").where("expires_at", "<", now.toISOString()).execute();
}

/**
 * A signup nobody confirmed is deleted when its link expires: the details were given for a voucher that
 * was never asked for, and the e-mail promised to delete them. So is every other one that issued no
 * voucher (a known mailbox's, kept for a correction of the address; a refusal; a replaced one). Those
 * that did hold no personal fields and stay while their registration exists: the record of the double
 * opt-in (when the link was sent and when it was opened), and the link that keeps showing the voucher.
 */
export async function deleteExpiredSignups(db: Kysely<Database>, now: Date): Promise<void> {
	await db
		.deleteFrom("signups")
		.where("expires_at", "<", now.toISOString())
		.where((eb) => eb.or([eb("outcome", "is", null), eb("outcome", "not in", ["issued", "existing"])]))
		.execute();
}
