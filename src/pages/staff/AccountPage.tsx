import { fill } from "../../components/shared/text";
import type { Account } from "../../domain/staff/account";
import { disableForm, enableForm, passwordForm } from "../../domain/staff/account-forms";
import type { StaffUser } from "../../domain/staff/user";
import { Form, type FormDefinition, type FormState } from "../../forms";
import { useSite } from "../../render/site-context";
import { StaffLayout } from "./StaffLayout";
import { StaffNotice, type StaffNoticeText } from "./StaffNotice";

interface AccountPageProps {
	user: StaffUser;
	account: Account;
	roleForm: FormDefinition;
	/** After a failed submission of one of the forms: its state. */
	roleState?: FormState | undefined;
	passwordState?: FormState | undefined;
	notice?: StaffNoticeText | undefined;
}

/** Admins only: one account's role (and store), a new password, and disabling or enabling it. */
export function AccountPage({ user, account, roleForm, roleState, passwordState, notice }: AccountPageProps) {
	const { t, href } = useSite();
	const texts = t.staff.accounts;
	const base = `/staff/users/${account.id}`;
	const shownRole = roleState ?? {
		values: { role: account.role, store: account.storeId ?? "" },
		errors: {},
		formErrors: [],
	};
	return (
		<StaffLayout title={fill(texts.edit, { name: account.name })} user={user}>
			<h1>{fill(texts.edit, { name: account.name })}</h1>
			<p className="staff-whoami">
				<a href={href("/staff/users")}>{texts.back}</a>
			</p>
			<StaffNotice notice={notice} />
			<dl className="staff-card">
				<dt>{texts.email}</dt>
				<dd>{account.email}</dd>
				<dt>{texts.role}</dt>
				<dd>{t.staff.roleNames[account.role]}</dd>
				<dt>{texts.store}</dt>
				<dd>{account.storeName ?? texts.noStore}</dd>
				<dt>{texts.status}</dt>
				<dd>{account.disabled ? texts.disabled : texts.active}</dd>
			</dl>
			<section className="staff-card" aria-labelledby="account-role">
				<h2 id="account-role">{texts.roleHeading}</h2>
				<Form form={roleForm} action={`${base}/role`} state={shownRole} />
			</section>
			<section className="staff-card" aria-labelledby="account-password">
				<h2 id="account-password">{texts.passwordHeading}</h2>
				<Form form={passwordForm} action={`${base}/password`} state={passwordState} />
			</section>
			<section className="staff-card" aria-labelledby="account-status">
				<h2 id="account-status">{texts.statusHeading}</h2>
				<p>{texts.disableHint}</p>
				{account.disabled ? (
					<Form form={enableForm} action={`${base}/enable`} />
				) : (
					<Form form={disableForm} action={`${base}/disable`} />
				)}
			</section>
		</StaffLayout>
	);
}
