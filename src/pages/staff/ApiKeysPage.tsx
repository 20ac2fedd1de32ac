import { fill } from "../../components/shared/text";
import { apiKeyForm } from "../../domain/staff/api-key-forms";
import type { StaffUser } from "../../domain/staff/user";
import { Form, type FormState, type Option } from "../../forms";
import { formatPragueDateTime } from "../../prague-time";
import { useSite } from "../../render/site-context";
import { StaffLayout } from "./StaffLayout";
import { StaffNotice, type StaffNoticeText } from "./StaffNotice";

export interface ListedApiKey {
	readonly id: string;
	readonly name: string;
	readonly storeNames: readonly string[];
	readonly ratePerMinute: number;
	readonly createdAt: string;
	readonly revokedAt: string | null;
}

interface ApiKeysPageProps {
	user: StaffUser;
	keys: readonly ListedApiKey[];
	stores: readonly Option[];
	/** The create form after a refused submission. */
	state?: FormState | undefined;
	notice?: StaffNoticeText | undefined;
	/** A key just created: shown this once. */
	created?: { readonly id: string; readonly key: string } | undefined;
}

/** Admins only: the partner API's keys, a new one, and revoking one. */
export function ApiKeysPage({ user, keys, stores, state, notice, created }: ApiKeysPageProps) {
	const { t, href, lang } = useSite();
	const texts = t.staff.apiKeys;
	return (
		<StaffLayout title={texts.title} user={user}>
			<h1>{texts.title}</h1>
			<StaffNotice notice={notice} />
			{created && (
				<section className="staff-notice" role="status" aria-labelledby="api-key-created">
					<p id="api-key-created">{fill(texts.createdNotice, { id: created.id })}</p>
					<label htmlFor="api-key-new">{texts.keyLabel}</label>{" "}
					<input id="api-key-new" type="text" readOnly value={created.key} size={60} />
				</section>
			)}
			<p>{texts.intro}</p>
			<section className="staff-card" aria-labelledby="api-keys-caption">
				{keys.length === 0 ? (
					<p id="api-keys-caption">{texts.empty}</p>
				) : (
					<div className="staff-today">
						<table>
							<caption id="api-keys-caption">{texts.listCaption}</caption>
							<thead>
								<tr>
									<th scope="col">{texts.name}</th>
									<th scope="col">{texts.id}</th>
									<th scope="col">{texts.stores}</th>
									<th scope="col">{texts.rate}</th>
									<th scope="col">{texts.created}</th>
									<th scope="col">{texts.status}</th>
								</tr>
							</thead>
							<tbody>
								{keys.map((key) => (
									<tr key={key.id}>
										<th scope="row">{key.name}</th>
										<td>{key.id}</td>
										<td>{key.storeNames.join(", ")}</td>
										<td>{key.ratePerMinute}</td>
										<td>{formatPragueDateTime(key.createdAt, lang)}</td>
										<td>
											{key.revokedAt ? (
												fill(texts.revokedAt, { date: formatPragueDateTime(key.revokedAt, lang) })
											) : (
												<form method="post" action={href(`/staff/api-keys/${key.id}/revoke`)}>
													<button type="submit" name="revoke" className="button button--small">
														{fill(texts.revoke, { name: key.name })}
													</button>
												</form>
											)}
										</td>
									</tr>
								))}
							</tbody>
						</table>
					</div>
				)}
			</section>
			<section className="staff-card" aria-labelledby="api-key-new-heading">
				<h2 id="api-key-new-heading">{texts.newHeading}</h2>
				<Form form={apiKeyForm(stores)} action="/staff/api-keys" state={state} />
			</section>
		</StaffLayout>
	);
}
