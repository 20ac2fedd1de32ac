import type { Account } from "../../domain/staff/account";
import type { StaffUser } from "../../domain/staff/user";
import { Form, type FormDefinition, type FormState } from "../../forms";
import { formatPragueDateTime } from "../../prague-time";
import { useSite } from "../../render/site-context";
import { StaffLayout } from "./StaffLayout";
import { StaffNotice, type StaffNoticeText } from "./StaffNotice";

interface AccountsPageProps {
	user: StaffUser;
	accounts: readonly Account[];
	createForm: FormDefinition;
	state?: FormState | undefined;
	notice?: StaffNoticeText | undefined;
}

/** Admins only: every staff account, each leading to its edit page, and the form that creates one. */
export function AccountsPage({ user, accounts, createForm, state, notice }: AccountsPageProps) {
	const { t, href, lang } = useSite();
	const texts = t.staff.accounts;
	return (
		<StaffLayout title={texts.title} user={user}>
			<h1>{texts.title}</h1>
			<StaffNotice notice={notice} />
			<section className="staff-card" aria-labelledby="accounts-caption">
				<div className="staff-today">
					<table>
						<caption id="accounts-caption">{texts.listCaption}</caption>
						<thead>
							<tr>
								<th scope="col">{texts.name}</th>
								<th scope="col">{texts.email}</th>
								<th scope="col">{texts.role}</th>
								<th scope="col">{texts.store}</th>
								<th scope="col">{texts.status}</th>
								<th scope="col">{texts.created}</th>
							</tr>
						</thead>
						<tbody>
							{accounts.map((account) => (
								<tr key={account.id}>
									<th scope="row">
										<a href={href(`/staff/users/${account.id}`)}>{account.name}</a>
									</th>
									<td>{account.email}</td>
									<td>{t.staff.roleNames[account.role]}</td>
									<td>{account.storeName ?? texts.noStore}</td>
									<td>{account.disabled ? texts.disabled : texts.active}</td>
									<td>{formatPragueDateTime(account.createdAt, lang)}</td>
								</tr>
							))}
						</tbody>
					</table>
				</div>
			</section>
			<section className="staff-card" aria-labelledby="new-account">
				<h2 id="new-account">{texts.newHeading}</h2>
				<Form form={createForm} action="/staff/users" state={state} />
			</section>
		</StaffLayout>
	);
}
