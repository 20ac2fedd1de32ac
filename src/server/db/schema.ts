/**
 * Row types of the database, as Kysely sees them (see migrations.ts for the portable conventions:
 * text ids, ISO-8601 UTC text times, YYYY-MM-DD text dates, 0/1 integer flags).
 */
import type { Generated } from "kysely";
import type { StaffRole } from "../../domain/staff/user";

export interface AppMetaTable {
	key: string;
	value: string;
}

export interface StoresTable {
	id: string;
	name: string;
	/** One of the fourteen region codes of src/i18n/regions.ts. */
	region: string;
	city: string;
	street: string;
	postcode: string;
	/** JSON: the week's opening hours, see src/domain/stores/hours.ts. */
	opening_hours: string;
}

export interface StaffUsersTable {
	id: string;
	email: string;
	name: string;
	/** scrypt, with its parameters and salt (src/server/auth). */
	password_hash: string;
	role: StaffRole;
	store_id: string | null;
	disabled: Generated<number>;
	created_at: string;
}

export interface SessionsTable {
	/** SHA-256 of the session cookie's random id: a stolen database holds no usable session. */
	id_hash: string;
	user_id: string;
	created_at: string;
	expires_at: string;
}

export interface RegistrationsTable {
	id: string;
	name: string;
	/** As typed (trimmed). */
	email: string;
	/** The mailbox (src/server/registration/email-identity.ts): one voucher per mailbox. */
	email_canonical: string;
	/** Birth date and normalised name (src/server/registration/person.ts): one voucher per person. */
	person_key: string;
	birth_date: string;
	phone: string | null;
	store_id: string | null;
	marketing_consent: number;
	terms_accepted_at: string;
	lang: string;
	created_at: string;
	/** When the link e-mailed to the address was opened; null for registrations made before that was asked. */
	confirmed_at: string | null;
	/** The earlier registration of the same mailbox or person, for rows stored before both were unique. */
	duplicate_of: string | null;
	/**
	 * When its personal fields were erased (src/server/privacy): name and birth date emptied, phone and
	 * store nulled, the address and keys replaced by "erased:<id>". null while they are kept.
	 */
	anonymised_at: string | null;
	/** "request" (the person asked: npm run privacy:erase) or "retention" (the campaign's retention ran out). */
	anonymised_because: string | null;
}

/**
 * A consent given or withdrawn, kept as a history (a withdrawal is a new row; the grant stays). Given
 * with a signup and linked to its registration when the mailbox confirms it; deleted with the signup
 * that never became one.
 */
export interface ConsentsTable {
	id: string;
	signup_id: string | null;
	registration_id: string | null;
	/** ConsentPurpose (src/server/registration/consent-texts.ts): "terms" or "marketing". */
	purpose: string;
	/** 1 given, 0 withdrawn. */
	granted: number;
	/** The version id of the words agreed to (CONSENT_VERSIONS), or of the consent withdrawn. */
	text_version: string;
	lang: string;
	/** ConsentMethod: "form", "form-no-script", "unsubscribe-page", "unsubscribe-one-click", "unrecorded". */
	method: string;
	created_at: string;
}

/**
 * A registration waiting for its mailbox to confirm it. The personal fields are cleared (null) once
 * it is resolved: they then live in its registration, or nowhere.
 */
export interface SignupsTable {
	id: string;
	/** As typed (trimmed). */
	email: string | null;
	email_canonical: string | null;
	name: string | null;
	birth_date: string | null;
	phone: string | null;
	store_id: string | null;
	marketing_consent: number | null;
	terms_accepted_at: string | null;
	lang: string;
	created_at: string;
	/** The confirmation link works until then (unless already resolved). */
	expires_at: string;
	/** SHA-256 of the confirmation link's token; null when no link was sent (a known address). */
	confirm_hash: string | null;
	/** When the last e-mail for it was queued (the resend cooldown). */
	last_mail_at: string;
	/** How many corrections of the address led to this signup (each one makes a new signup). */
	corrections: Generated<number>;
	/** null while waiting; see SignupOutcome in src/server/registration/signups.ts. */
	outcome: string | null;
	resolved_at: string | null;
	/** The registration it became, or the mailbox's earlier one. */
	registration_id: string | null;
}

export interface CampaignCountersTable {
	/** "vouchers_issued". */
	name: string;
	value: number;
}

export interface VouchersTable {
	id: string;
	registration_id: string;
	/** EAN-13 digits, check digit included. */
	code: string;
	/** The private link's unguessable part. */
	token: string;
	valid_until: string;
	created_at: string;
	redeemed_at: string | null;
	redeemed_by: string | null;
	redeemed_store_id: string | null;
	/** When it was cancelled: it can no longer be redeemed. */
	voided_at: string | null;
	/** VoidReason: "request" (its holder's data erased at their request) or "terms" (an admin found the terms broken); null is "request". */
	voided_because: string | null;
	/** The current redemption's id (the partner API undoes it by this id); null while not redeemed. */
	redemption_id: string | null;
	/** The store chosen when registering (its registration's store_id), which a region's count of vouchers issued goes by; null once erased. */
	store_id: string | null;
}

export interface ContentBlocksTable {
	key: string;
	lang: string;
	body: string;
	version: number;
	updated_at: string;
	updated_by: string | null;
}

export interface ContentVersionsTable {
	id: string;
	key: string;
	lang: string;
	body: string;
	version: number;
	created_at: string;
	created_by: string | null;
}

export interface OutboxTable {
	id: string;
	recipient: string;
	subject: string;
	text_body: string;
	html_body: string;
	created_at: string;
	sent_at: string | null;
	attempts: Generated<number>;
	last_error: string | null;
	/** The recipient's mailbox (email-identity.ts), to find a person's e-mails; null for rows older than it. */
	recipient_canonical: string | null;
	/** The one-click unsubscribe link (List-Unsubscribe) of an e-mail to someone who asked for news. */
	unsubscribe_url: string | null;
}

export interface UsedChallengesTable {
	/** Hash of a solved bot challenge: a challenge is accepted once. */
	id: string;
	expires_at: string;
}

export interface RateLimitsTable {
	/** The limit's purpose and whom it counts: "register:203.0.113.7". */
	key: string;
	hits: number;
	/** When the current window ends and the count starts again. */
	window_ends_at: string;
}

/** One failed staff sign-in (kept 30 days): exactly one of user_id and email_hash is set. */
export interface SignInFailuresTable {
	id: string;
	/** The account whose e-mail was typed. */
	user_id: string | null;
	/** When no account has the typed e-mail: its HMAC with the server's secret, never the address. */
	email_hash: string | null;
	/** The client's network (IPv4 /24, IPv6 /56): "203.0.113.0/24". */
	network: string;
	created_at: string;
}

/** A partner chain's API key (src/server/api): only the SHA-256 of the key is stored. */
export interface ApiKeysTable {
	id: string;
	/** A label for people ("dm Brno tills"). */
	name: string;
	key_hash: string;
	rate_limit_per_minute: number;
	created_at: string;
	revoked_at: string | null;
}

/** The stores an API key may redeem at. */
export interface ApiKeyStoresTable {
	key_id: string;
	store_id: string;
}

/** An answer kept under its Idempotency-Key (24 hours), replayed to a retry of the same request. */
export interface ApiIdempotencyTable {
	key_id: string;
	/** SHA-256 of the Idempotency-Key header. */
	idempotency_key_hash: string;
	/** SHA-256 of method, path and body: the same key with another request is refused. */
	fingerprint: string;
	status: number;
	/** The answer's JSON body. */
	body: string;
	created_at: string;
}

/** A redemption undone through the API (a till cancelled the sale): what it was, when and by which key. */
export interface RedemptionUndosTable {
	redemption_id: string;
	voucher_id: string;
	store_id: string | null;
	redeemed_at: string;
	undone_at: string;
	key_id: string;
}

/** The audit of every call of the partner API, without personal data. */
export interface ApiCallsTable {
	id: string;
	/** null when the call had no valid key (401). */
	key_id: string | null;
	method: string;
	/** The route's pattern ("/api/v1/vouchers/:code"); null for an unknown route. */
	route: string | null;
	voucher_code: string | null;
	status: number;
	created_at: string;
}

/** One change made by staff (or a command on the server), with the state before and after it. */
export interface AuditLogTable {
	id: string;
	created_at: string;
	/** The account that made it; null for a command run on the server. */
	actor_id: string | null;
	/** The actor's name then (kept when the account is renamed), or the command. */
	actor_name: string;
	/** AuditAction (src/server/audit/audit-log.ts): "user.create", "settings.update", ... */
	action: string;
	/** What was changed: an account's id, "campaign", a month "2026-03". */
	subject_id: string | null;
	/** JSON of the changed fields before and after (never a password or its hash); null when none. */
	before: string | null;
	after: string | null;
}

/** The campaign's settings as an admin last saved them (one row, id "current"); none: the environment's. */
export interface CampaignSettingsTable {
	id: string;
	/** YYYY-MM-DD, a Prague day; null: open from launch. */
	start_date: string | null;
	/** YYYY-MM-DD, a Prague day; null: until the vouchers run out. */
	end_date: string | null;
	voucher_limit: number;
	voucher_value_czk: number;
	voucher_valid_days: number;
	updated_at: string;
	updated_by: string | null;
}

/** A closed settlement month: its statement as it was closed, never recomputed. */
export interface SettlementMonthsTable {
	/** YYYY-MM, a Prague calendar month. */
	month: string;
	/** JSON of the Statement (src/domain/settlement/statement.ts). */
	statement: string;
	/** SHA-256 (hex) of the statement's JSON: a changed row no longer matches. */
	checksum: string;
	closed_at: string;
	closed_by: string | null;
}

/** A redemption a closed month settled, or an undone one it took back: no other month counts it again. */
export interface SettlementItemsTable {
	redemption_id: string;
	kind: "redemption" | "reversal";
	month: string;
	store_id: string | null;
	redeemed_at: string;
}

/** Hourly counts of the registration form's sign-ups and refusals (src/server/fraud/activity.ts). */
export interface RegistrationActivityTable {
	hour: string;
	kind: string;
	key: string;
	count: number;
}

export interface Database {
	app_meta: AppMetaTable;
	stores: StoresTable;
	staff_users: StaffUsersTable;
	sessions: SessionsTable;
	registrations: RegistrationsTable;
	signups: SignupsTable;
	consents: ConsentsTable;
	campaign_counters: CampaignCountersTable;
	vouchers: VouchersTable;
	content_blocks: ContentBlocksTable;
	content_versions: ContentVersionsTable;
	outbox: OutboxTable;
	used_challenges: UsedChallengesTable;
	rate_limits: RateLimitsTable;
	sign_in_failures: SignInFailuresTable;
	api_keys: ApiKeysTable;
	api_key_stores: ApiKeyStoresTable;
	api_idempotency: ApiIdempotencyTable;
	redemption_undos: RedemptionUndosTable;
	api_calls: ApiCallsTable;
	audit_log: AuditLogTable;
	campaign_settings: CampaignSettingsTable;
	settlement_months: SettlementMonthsTable;
	settlement_items: SettlementItemsTable;
	registration_activity: RegistrationActivityTable;
}
