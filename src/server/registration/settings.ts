import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { type AntispamConfig, antispamConfig } from "./antispam";
import { captchaFromEnv } from "./antispam/captcha";
import { type OutboxSender, startOutboxSender } from "./sender";

type Env = Readonly<Record<string, string | undefined>>;

export interface Registration {
	readonly antispam: AntispamConfig;
	/** Set when SMTP_URL is: sends the outbox. */
	readonly sender: OutboxSender | undefined;
}

const CLEANUP_EVERY_MS = 10 * 60 * 1000;

// The routes exist once per language, the sender and the cleanup once per database.
const shared = new WeakMap<object, Registration>();

/** The registration's services for this app, started on first use and stopped when the app closes. */
export function registrationServices(app: FastifyInstance, env: Env = process.env): Registration {
	const existing = shared.get(app.database);
	if (existing) return existing;
	const db = app.database.db;
	const sender = env.SMTP_URL
		? startOutboxSender(db, env.SMTP_URL, env.MAIL_FROM || "Lumen <poukazky@lumen.example>", app.log)
		: undefined;
	const services: Registration = {
		antispam: antispamConfig(app.config.sessionSecret, captchaFromEnv(env)),
		sender,
	};
	const cleanup = setInterval(
		() => void deleteExpiredChallenges(db, new Date()).catch(() => {}),
		CLEANUP_EVERY_MS,
	);
	cleanup.unref();
	app.addHook("onClose", async () => {
		if (!shared.has(app.database)) return;
		shared.delete(app.database);
		clearInterval(cleanup);
		await sender?.stop();
	});
	shared.set(app.database, services);
	return services;
}

/** Used challenges are kept only while they could still be replayed: until they expire. */
export async function deleteExpiredChallenges(db: Kysely<Database>, now: Date): Promise<void> {
	await db.deleteFrom("used_challenges").where("expires_at", "<", now.toISOString()).execute();
}
