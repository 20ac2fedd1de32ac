/**
 * Deliberate breaks of promises the README makes, each with the tests that must catch it
 * (`npm run test:mutations`, run.ts). A break is one exact text replaced in one source file. Add one
 * whenever a promise is added; a break whose text no longer occurs exactly once fails the run, so the
 * list follows the code.
 */
export interface Break {
	/** The promise broken, as the README or the code's comment states it. */
	readonly name: string;
	readonly file: string;
	readonly find: string;
	readonly replace: string;
	/** Test files that must fail with the break (and pass without it). */
	readonly tests: readonly string[];
	/** Only the tests whose names match (Vitest's -t), to keep the run short. */
	readonly only?: string;
	/** The broken code runs on PostgreSQL only: the break is tried when TEST_DATABASE_URL is set. */
	readonly postgres?: boolean;
}

export const BREAKS: readonly Break[] = [
	{
		name: "Permissions-Policy lets no one but our pages use the camera",
		file: "src/server/security/headers.ts",
		find: '"camera=(self), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()"',
		replace: '"camera=*, microphone=(), geolocation=(), payment=*, usb=*, interest-cohort=()"',
		tests: ["test/e2e/security-headers.test.ts"],
		only: "every page has the policy",
	},
	{
		name: "The SQLite file syncs at checkpoints (synchronous = NORMAL)",
		file: "src/server/db/sqlite.ts",
		find: "PRAGMA synchronous = NORMAL;",
		replace: "PRAGMA synchronous = OFF;",
		tests: ["test/unit/db-durability.test.ts"],
	},
	{
		name: "WAL checkpoints run on their own thread",
		file: "src/server/db/index.ts",
		find: "const checkpoints = file === undefined ? undefined : startCheckpoints(file);",
		replace: "const checkpoints = undefined as ReturnType<typeof startCheckpoints> | undefined;",
		tests: ["test/unit/db-durability.test.ts"],
	},
	{
		name: "The render cache keeps no page whose data changed during its render",
		file: "src/server/render-cache/plugin.ts",
		find: "if (miss.rule.version && (await miss.rule.version().catch(() => undefined)) !== miss.data) return;",
		replace: "",
		tests: ["test/e2e/render-cache.test.ts"],
		only: "changed during its render",
	},
	{
		name: "Going back aborts the running ajax request",
		file: "src/browser/ajax/ajax.ts",
		find: "if (restore(event)) abort();",
		replace: "restore(event);",
		tests: ["test/e2e/ajax.test.ts"],
		only: "going back aborts",
	},
	{
		name: "Escape in an open dialog is the dialog's, not the running request's",
		file: "src/browser/ajax/ajax.ts",
		find: 'event.key !== "Escape" ||\n\t\t\t\t\tevent.defaultPrevented ||\n\t\t\t\t\ttarget.closest?.("dialog[open], [aria-modal]")',
		replace: 'event.key !== "Escape"',
		tests: ["test/e2e/ajax.test.ts"],
		only: "Escape",
	},
	{
		name: "SIGTERM closes the database before the process ends",
		file: "src/server/start.ts",
		find: "await database.close();",
		replace: "",
		tests: ["test/e2e/server.test.ts"],
		only: "SIGTERM",
	},
	{
		name: "A network is refused after 30 sign-in attempts at any accounts (README, Staff and editors)",
		file: "src/server/staff/sign-in-limits.ts",
		find: "[keys.network, SIGN_IN_LIMITS.perNetwork],",
		replace: "",
		tests: ["test/e2e/staff-sign-in-limits.test.ts"],
		only: "thirty failures",
	},
	{
		name: "Strangers cannot lock an account: the right password from another network signs in",
		file: "src/server/staff/sign-in-limits.ts",
		// biome-ignore lint/suspicious/noTemplateCurlyInString: the source's own text
		find: "pair: `sign-in:account-network:${account}:${network}`,",
		// biome-ignore lint/suspicious/noTemplateCurlyInString: the source's own text
		replace: "pair: `sign-in:account-network:${account}`,",
		tests: ["test/e2e/staff-sign-in-limits.test.ts"],
		only: "lock nobody out",
	},
	{
		name: "A signup is stored completely or not at all",
		file: "src/server/registration/signups.ts",
		find: "\treturn db.transaction().execute(async (trx) => {\n\t\tawait spendTokens(trx, context);\n\t\treturn storeSignup(",
		replace:
			"\treturn ((run: (trx: typeof db) => Promise<string>) => run(db))(async (trx) => {\n\t\tawait spendTokens(trx, context);\n\t\treturn storeSignup(",
		tests: ["test/unit/registration-atomic.test.ts"],
	},
	{
		name: "A sent e-mail is marked sent and never sent again",
		file: "src/server/registration/sender.ts",
		find: ".set({ sent_at: new Date().toISOString(), last_error: null })",
		replace: ".set({ last_error: null })",
		tests: ["test/e2e/outbox-retry.test.ts"],
	},
	{
		name: "A voucher page shown offline says so, and from when",
		file: "src/components/voucher/offline-note.ts",
		find: "export const OFFLINE_NOTE_SHOWN = 'data-offline-note=\"shown\"';",
		replace: "export const OFFLINE_NOTE_SHOWN = OFFLINE_NOTE_HIDDEN;",
		tests: ["test/e2e/voucher-offline.test.ts"],
		only: "shows a voucher offline",
	},
	{
		name: "Only voucher pages link a web app manifest",
		file: "src/pages/Layout.tsx",
		find: "noindex={noindex} manifest={manifest}>",
		replace: 'noindex={noindex} manifest={manifest ?? "/broken.webmanifest"}>',
		tests: ["test/e2e/voucher-offline.test.ts"],
		only: "on voucher pages only",
	},
	{
		name: "The voucher e-mail carries its barcode as an inline image",
		file: "src/server/registration/sender.ts",
		find: "attachments: await inlineBarcodes(message.html_body),",
		replace: "attachments: [],",
		tests: ["test/e2e/voucher-mail-barcode.test.ts"],
	},
	{
		name: "No more vouchers than VOUCHER_LIMIT: the counter counts only below it",
		file: "src/server/registration/confirm.ts",
		find: '.where("value", "<", where.limit)',
		replace: "",
		tests: ["test/unit/registration-confirm.test.ts"],
		only: "issues exactly VOUCHER_LIMIT",
	},
	{
		name: "No more vouchers than VOUCHER_LIMIT on PostgreSQL, where one statement issues the common case",
		file: "src/server/registration/confirm-in-one-statement.ts",
		find: '.where("value", "<", values.limit)',
		replace: "",
		tests: ["test/unit/registration-confirm.test.ts"],
		only: "issues exactly VOUCHER_LIMIT",
		postgres: true,
	},
	{
		name: "On PostgreSQL, a statement that issued no voucher within the limit leaves nothing behind",
		file: "src/server/registration/confirm-in-one-statement.ts",
		find: "sql<number>`1 / count(*)`",
		replace: "sql<number>`count(*)`",
		tests: ["test/unit/registration-confirm.test.ts"],
		only: "issues exactly VOUCHER_LIMIT",
		postgres: true,
	},
	{
		name: "Opening the link e-mails the voucher it issues, in the transaction that issues it",
		file: "src/server/registration/confirm.ts",
		find: "await enqueue(trx, issuedMail(claimed, { registrationId, token, code, validUntil }, context), context.now);",
		replace: "",
		tests: ["test/unit/registration-confirm.test.ts"],
		only: "queues the voucher's own e-mail",
	},
	{
		name: "The voucher's e-mail is sent as soon as its link is opened",
		file: "src/server/registration/inbox-routes.tsx",
		find: "// A voucher issued now has its e-mail queued (one shown again has none: the drain finds nothing).\n\t\t\tsender?.kick();",
		replace: "",
		tests: ["test/e2e/register-journey.test.ts"],
		only: "opens its link and scans the voucher",
	},
	{
		name: "A link opened outside the campaign's period issues no voucher",
		file: "src/server/registration/confirm.ts",
		find: 'if (!context.inPeriod) return resolveAs("closed", null, { kind: "refused", outcome: "closed" });',
		replace: "",
		tests: ["test/unit/registration-confirm.test.ts"],
		only: "outside the period",
	},
	{
		name: "One voucher per person (name and birth date), whatever the mailbox",
		file: "src/server/registration/confirm.ts",
		find: 'if (person) return resolveAs("person", null, { kind: "refused", outcome: "person" });',
		replace: "",
		tests: ["test/unit/registration-confirm.test.ts"],
		only: "same person from another mailbox",
	},
	{
		name: "Gmail's dots and +tags are one mailbox",
		file: "src/server/registration/email-identity.ts",
		find: 'if (domain === GMAIL) local = withoutTag(local).replaceAll(".", "");',
		replace: "if (domain === GMAIL) local = local.toString();",
		tests: ["test/unit/email-identity.test.ts"],
		only: "folds the Gmail spelling",
	},
	{
		name: "Disposable mailboxes get no voucher",
		file: "src/server/registration/email-identity.ts",
		find: 'if (isDisposable(domain)) return "disposable";',
		replace: "",
		tests: ["test/unit/email-identity.test.ts"],
		only: "disposable mailbox",
	},
	{
		name: "A network is refused past its limit of signups (limits.ts)",
		file: "src/server/registration/limits.ts",
		find: 'if (over(network.key, LIMITS.signupsPerNetwork.max)) return "network";',
		replace: "",
		tests: ["test/unit/registration-limits.test.ts"],
		only: "one network",
	},
	{
		name: "E-mailed links name PUBLIC_URL, never a host the request claims",
		file: "src/server/registration/routes.tsx",
		find: "...signupContext(app, request.lang, at),",
		// What taking the origin from the request would do: the forged host in the confirmation link.
		replace:
			'...signupContext(app, request.lang, at), confirmUrl: (id: string) => signupContext(app, request.lang, at).confirmUrl(id).replace(app.config.publicOrigin, request.protocol + "://" + request.host),',
		tests: ["test/e2e/public-origin.test.ts"],
		only: "e-mails the confirmation link",
	},
	{
		name: "A voucher issued before the campaign closed still shows after it",
		file: "src/server/registration/routes.tsx",
		find: "if (!voucher) return reply.callNotFound();",
		replace: "if (!voucher || !app.campaign.state(at).open) return reply.callNotFound();",
		tests: ["test/e2e/register-refusals.test.ts"],
		only: "issued before still shows",
	},
	{
		name: "The render cache states that it comes after the page texts (plugin dependencies)",
		file: "src/server/render-cache/declared-plugin.ts",
		find: "dependencies: [PLUGIN.pageContent, PLUGIN.cookie],",
		replace: "dependencies: [PLUGIN.cookie],",
		tests: ["test/unit/server-plugin-order.test.ts"],
		only: "render cache before the page texts",
	},
	{
		name: "The age limit has one definition (src/domain/registration/rules.ts)",
		file: "src/domain/registration/birth-date.ts",
		find: "const birthYear = year - REGISTRATION_RULES.minAge;",
		replace: "const birthYear = year - 18;",
		tests: ["test/unit/registration-rules-definition.test.ts"],
		only: "move to 21",
	},
	{
		name: "The dashboard's days are Prague days (hours folded by the Prague date)",
		file: "src/server/dashboard/queries.ts",
		find: "date = pragueDate(new Date(",
		replace: "date = ((utc: string) => utc.slice(0, 10))((",
		tests: ["test/unit/dashboard-queries.test.ts"],
	},
	{
		name: "The dashboard shows the settled hours' aggregates and the live hours together",
		file: "src/server/dashboard/cache.ts",
		find: "if (live.start < live.end) parts.push(fold(await aggregates(this.#db, filter.region, live)));",
		replace: "",
		tests: ["test/unit/dashboard-queries.test.ts"],
		only: "reads the last hours on every view",
	},
	{
		name: "Marketing's menu offers no till",
		file: "src/pages/staff/StaffNav.tsx",
		find: '{ path: "/staff", key: "till", shown: canRedeem(role) },',
		replace: '{ path: "/staff", key: "till", shown: canRedeem(role) || role === "marketing" },',
		tests: ["test/e2e/staff-dashboard.test.ts"],
		only: "marketing no till",
	},
	{
		name: "A redeemed voucher cannot be voided",
		file: "src/server/fraud/void.ts",
		find: '.where("redeemed_at", "is", null)',
		replace: "",
		tests: ["test/e2e/staff-fraud.test.ts"],
		only: "refuses an unknown code",
	},
	{
		name: "The fraud watch counts the e-mail checks' refusals",
		file: "src/server/registration/routes.tsx",
		find: "activity.refusal(`email-",
		replace: "void (`email-",
		tests: ["test/e2e/staff-fraud.test.ts"],
		only: "counts sign-ups",
	},
	{
		name: "Revoking an API key is in the audit log",
		file: "src/server/api/keys.ts",
		find: 'action: "apikey.revoke",',
		replace: 'action: "apikey.create",',
		tests: ["test/e2e/staff-api-keys.test.ts"],
		only: "creates a key with the keyboard",
	},
	{
		name: "Batched rate limits add each hit to the database once",
		file: "src/server/security/batched-rate-limit-store.ts",
		find: "window.pending -= adding;",
		replace: "",
		tests: ["test/unit/batched-rate-limit.test.ts"],
	},
	{
		name: "The API's call log writes each call once, however many flushes overlap",
		file: "src/server/api/audit.ts",
		find: "this.#flushing ??= this.#flush()",
		replace: "this.#flushing = this.#flush()",
		tests: ["test/unit/api-call-log.test.ts"],
	},
	{
		name: "A prepared query names the columns it returns, so a migration cannot break a running process",
		file: "src/server/db/prepared.ts",
		find: "if (returnsEveryColumn(query.query)) {",
		replace: "if (false) {",
		tests: ["test/unit/db-prepared.test.ts"],
	},
];
