import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { ACCOUNT_DONE, type AccountDone, type AccountRefusal } from "../../domain/staff/account";
import {
	ACCOUNT_FORM,
	accountForms,
	disableForm,
	enableForm,
	passwordForm,
	ROLE_FORM,
} from "../../domain/staff/account-forms";
import { isAdmin, isStaffRole, type StaffUser } from "../../domain/staff/user";
import { MESSAGES } from "../../i18n/site-texts";
import { AccountPage } from "../../pages/staff/AccountPage";
import { AccountsPage } from "../../pages/staff/AccountsPage";
import type { StaffNoticeText } from "../../pages/staff/StaffNotice";
import { requireRole, signedInUser } from "../auth/current-user";
import { type FormDefinition, type FormState, formRoute, readForm, withErrors } from "../forms";
import { everyStoreOptions } from "../stores/every-store";
import {
	type AccountResult,
	changeRole,
	createAccount,
	findAccount,
	listAccounts,
	resetPassword,
	setDisabled,
} from "./accounts";

type IdParams = { Params: { id: string } };

/** Accounts are named by UUIDs (accounts.ts); anything else names none, and never reaches a query. */
const ACCOUNT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The refusals that belong to one field of the form; the others are said above the forms. */
const FIELD_OF: Partial<Record<AccountRefusal, string>> = {
	"email-taken": "email",
	"unknown-store": "store",
	"store-required": "store",
};

const actorOf = (user: StaffUser) => ({ id: user.id, name: user.name });

/** Admins manage the staff accounts: list and create at /staff/users, one account at /staff/users/:id. */
export const accountsRoutes: FastifyPluginAsync = async (app) => {
	// After the session's check (onRequest): a stranger still meets the sign-in, an admin the 404 page.
	app.addHook("preHandler", async (request, reply) => {
		const { id } = request.params as { id?: string };
		if (id !== undefined && !ACCOUNT_ID.test(id)) return reply.callNotFound();
	});
	const { db } = app.database;
	const admins = (back: (request: FastifyRequest) => string) => ({ onRequest: requireRole(isAdmin, back) });
	// Admins may give an account any stored store.
	const storeOptions = everyStoreOptions(db, (store) => ({
		value: store.id,
		label: `${store.city} – ${store.name}`,
	}));
	const forms = async () => accountForms(await storeOptions());
	const texts = (request: FastifyRequest) => MESSAGES[request.lang].staff.accounts;

	/** `?done=` of the redirect after a change: said once on the page it leads to. */
	function doneNotice(request: FastifyRequest): StaffNoticeText | undefined {
		const { done } = request.query as { done?: unknown };
		if (!ACCOUNT_DONE.includes(done as AccountDone)) return undefined;
		return { kind: "done", text: texts(request).done[done as AccountDone] };
	}

	async function listPage(
		request: FastifyRequest,
		reply: FastifyReply,
		view: { state?: FormState; notice?: StaffNoticeText; status?: number } = {},
	) {
		const user = await signedInUser(request);
		const { create } = await forms();
		return reply.page(
			<AccountsPage
				user={user}
				accounts={await listAccounts(db)}
				createForm={create}
				state={view.state}
				notice={view.notice ?? doneNotice(request)}
			/>,
			{ status: view.status },
		);
	}

	async function accountPage(
		request: FastifyRequest<IdParams>,
		reply: FastifyReply,
		view: {
			roleState?: FormState;
			passwordState?: FormState;
			notice?: StaffNoticeText;
			status?: number;
		} = {},
	) {
		const user = await signedInUser(request);
		const account = await findAccount(db, request.params.id);
		if (!account) return reply.callNotFound();
		const { role } = await forms();
		return reply.page(
			<AccountPage
				user={user}
				account={account}
				roleForm={role}
				roleState={view.roleState}
				passwordState={view.passwordState}
				notice={view.notice ?? doneNotice(request)}
			/>,
			{ status: view.status },
		);
	}

	/** After a change: to the account's page saying what was done, or the page again saying why not. */
	async function answer(
		request: FastifyRequest<IdParams>,
		reply: FastifyReply,
		result: AccountResult,
		done: AccountDone,
		state?: { key: "roleState" | "passwordState"; state: FormState },
	) {
		if (result.ok) return reply.seeOther(`/staff/users/${result.id}?done=${done}`);
		if (result.reason === "unknown-account") return reply.callNotFound();
		const message = texts(request).refused[result.reason];
		const field = FIELD_OF[result.reason];
		if (state && field) {
			return accountPage(request, reply, { [state.key]: withErrors(state.state, { [field]: message }) });
		}
		return accountPage(request, reply, {
			...(state && { [state.key]: state.state }),
			notice: { kind: "refused", text: message },
			status: result.reason === "not-admin" ? 403 : 409,
		});
	}

	app.get(
		"/staff/users",
		admins(() => "/staff/users"),
		(request, reply) => listPage(request, reply),
	);

	app.post(
		"/staff/users",
		formRoute(
			ACCOUNT_FORM,
			admins(() => "/staff/users"),
		),
		async (request, reply) => {
			const { create } = await forms();
			const submission = await readForm(request, create);
			if (!submission.valid)
				return listPage(request, reply, { state: submission.state, status: submission.status });
			const { name, email, role, store, password } = submission.values;
			if (!isStaffRole(role)) throw new Error("The role select let an unknown role through");
			const user = await signedInUser(request);
			const result = await createAccount(db, actorOf(user), {
				name,
				email,
				role,
				storeId: store || null,
				password,
			});
			if (result.ok) return reply.seeOther(`/staff/users/${result.id}?done=created`);
			const message = texts(request).refused[result.reason];
			const field = FIELD_OF[result.reason];
			return listPage(request, reply, {
				state: field
					? withErrors(submission.state, { [field]: message })
					: withErrors(submission.state, {}, [message]),
			});
		},
	);

	const back = (request: FastifyRequest) => `/staff/users/${(request.params as { id: string }).id}`;

	app.get<IdParams>("/staff/users/:id", admins(back), (request, reply) => accountPage(request, reply));

	app.post<IdParams>("/staff/users/:id/role", formRoute(ROLE_FORM, admins(back)), async (request, reply) => {
		const { role: form } = await forms();
		const submission = await readForm(request, form);
		if (!submission.valid) {
			return accountPage(request, reply, { roleState: submission.state, status: submission.status });
		}
		const { role, store } = submission.values;
		if (!isStaffRole(role)) throw new Error("The role select let an unknown role through");
		const user = await signedInUser(request);
		const result = await changeRole(db, actorOf(user), request.params.id, { role, storeId: store || null });
		return answer(request, reply, result, "role", { key: "roleState", state: submission.state });
	});

	app.post<IdParams>(
		"/staff/users/:id/password",
		formRoute(passwordForm, admins(back)),
		async (request, reply) => {
			const submission = await readForm(request, passwordForm);
			if (!submission.valid) {
				return accountPage(request, reply, { passwordState: submission.state, status: submission.status });
			}
			const user = await signedInUser(request);
			const result = await resetPassword(db, actorOf(user), request.params.id, submission.values.password);
			return answer(request, reply, result, "password", { key: "passwordState", state: submission.state });
		},
	);

	for (const [action, form, disabled] of [
		["disable", disableForm, true],
		["enable", enableForm, false],
	] as const) {
		app.post<IdParams>(
			`/staff/users/:id/${action}`,
			formRoute(form, admins(back)),
			async (request, reply) => {
				// A button alone: only a body that is not a form is refused.
				const submission = await readForm(request, form as FormDefinition);
				if (!submission.valid) return accountPage(request, reply, { status: submission.status });
				const user = await signedInUser(request);
				const result = await setDisabled(db, actorOf(user), request.params.id, disabled);
				return answer(request, reply, result, disabled ? "disabled" : "enabled");
			},
		);
	}
};
