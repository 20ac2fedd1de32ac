import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { fill } from "../../components/shared/text";
import { API_KEY_FORM, apiKeyForm, REVOKE_API_KEY_FORM } from "../../domain/staff/api-key-forms";
import { isAdmin } from "../../domain/staff/user";
import { MESSAGES } from "../../i18n/site-texts";
import { ApiKeysPage } from "../../pages/staff/ApiKeysPage";
import type { StaffNoticeText } from "../../pages/staff/StaffNotice";
import { requireRole, signedInUser } from "../auth/current-user";
import { type FormState, formRoute, readForm } from "../forms";
import { everyStoreOptions } from "../stores/every-store";
import { ApiKeyError, createApiKey, DEFAULT_RATE_LIMIT_PER_MINUTE, listApiKeys, revokeApiKey } from "./keys";

/** A key's id as createApiKey makes them. */
const KEY_ID = /^key_[0-9a-f]{12}$/;

/** The create form's values before anything is typed. */
const FRESH: FormState = {
	values: { rate: String(DEFAULT_RATE_LIMIT_PER_MINUTE) },
	errors: {},
	formErrors: [],
};

/**
 * Admins issue and revoke the partner API's keys at /staff/api-keys, as `npm run apikey:add` and
 * `apikey:revoke` do on the server; both are in the audit log. A new key is shown once, in the answer to
 * the form that created it (never in a URL, and the staff area's pages are never stored by a cache).
 */
export const apiKeysRoutes: FastifyPluginAsync = async (app) => {
	const { db } = app.database;
	const admins = { onRequest: requireRole(isAdmin, () => "/staff/api-keys") };

	// A key may cover any stored store; grouped by town in the list box.
	const storeOptions = everyStoreOptions(db, (store) => ({
		value: store.id,
		label: `${store.name}, ${store.street}`,
		group: { cs: store.city, en: store.city },
	}));

	async function page(
		request: FastifyRequest,
		reply: FastifyReply,
		shown: {
			state?: FormState;
			notice?: StaffNoticeText;
			created?: { id: string; key: string };
			status?: number;
		} = {},
	) {
		const user = await signedInUser(request);
		const options = await storeOptions();
		const names = new Map(options.map((option) => [option.value, String(option.label)]));
		const keys = (await listApiKeys(db)).map((key) => ({
			...key,
			storeNames: key.storeIds.map((id) => names.get(id) ?? id),
		}));
		return reply.page(
			<ApiKeysPage
				user={user}
				keys={keys}
				stores={options}
				state={shown.state ?? FRESH}
				notice={shown.notice}
				created={shown.created}
			/>,
			{ status: shown.status },
		);
	}

	app.get("/staff/api-keys", admins, (request, reply) => {
		const { revoked } = request.query as { revoked?: unknown };
		const texts = MESSAGES[request.lang].staff.apiKeys;
		const notice =
			typeof revoked === "string" && KEY_ID.test(revoked)
				? ({ kind: "done", text: fill(texts.revoked, { id: revoked }) } as const)
				: undefined;
		return page(request, reply, { notice });
	});

	app.post("/staff/api-keys", formRoute(API_KEY_FORM, admins), async (request, reply) => {
		const form = apiKeyForm(await storeOptions());
		const submission = await readForm(request, form);
		if (!submission.valid)
			return page(request, reply, { state: submission.state, status: submission.status });
		const { name, stores: storeIds, rate } = submission.values;
		const user = await signedInUser(request);
		// The form's rules required the name, a store of the list and a rate in range.
		const created = await createApiKey(
			db,
			{ name, storeIds, ratePerMinute: rate ?? DEFAULT_RATE_LIMIT_PER_MINUTE },
			new Date(),
			{ id: user.id, name: user.name },
		);
		return page(request, reply, { created });
	});

	app.post<{ Params: { id: string } }>(
		"/staff/api-keys/:id/revoke",
		formRoute(REVOKE_API_KEY_FORM, admins),
		async (request, reply) => {
			const { id } = request.params;
			if (!KEY_ID.test(id)) return reply.callNotFound();
			const user = await signedInUser(request);
			try {
				await revokeApiKey(db, id, new Date(), { id: user.id, name: user.name });
			} catch (error) {
				if (!(error instanceof ApiKeyError)) throw error;
				const texts = MESSAGES[request.lang].staff.apiKeys;
				const exists = (await listApiKeys(db)).some((key) => key.id === id);
				if (!exists) return reply.callNotFound();
				const text = fill(texts.alreadyRevoked, { id });
				return page(request, reply, { notice: { kind: "refused", text }, status: 409 });
			}
			return reply.seeOther(`/staff/api-keys?revoked=${id}`);
		},
	);
};
