import { fill } from "../../components/shared/text";
import type { FailureSummary, SignInFailures } from "../../domain/staff/sign-in-failures";
import type { StaffUser } from "../../domain/staff/user";
import { formatPragueDateTime } from "../../prague-time";
import { useSite } from "../../render/site-context";
import { StaffLayout } from "./StaffLayout";

interface SignInsPageProps {
	user: StaffUser;
	failures: SignInFailures;
}

/** Admins only: failed sign-ins per account (kept 30 days), to notice guessing before it succeeds. */
export function SignInsPage({ user, failures }: SignInsPageProps) {
	const { t, href } = useSite();
	const texts = t.staff.signIns;
	const { accounts, unknownEmails } = failures;
	return (
		<StaffLayout title={texts.title} user={user}>
			<h1>{texts.title}</h1>
			<p className="staff-whoami">
				<a href={href("/staff")}>{texts.back}</a>
			</p>
			<section className="staff-card" aria-labelledby="sign-ins-caption">
				<p>{texts.intro}</p>
				{accounts.length === 0 && !unknownEmails ? (
					<p id="sign-ins-caption">{texts.empty}</p>
				) : (
					<div className="staff-today">
						<table>
							<caption id="sign-ins-caption">{texts.caption}</caption>
							<thead>
								<tr>
									<th scope="col">{texts.account}</th>
									<th scope="col">{texts.lastDay}</th>
									<th scope="col">{texts.lastAt}</th>
									<th scope="col">{texts.network}</th>
								</tr>
							</thead>
							<tbody>
								{accounts.map((account) => (
									<FailureRow
										key={account.id}
										label={`${account.name} <${account.email}>`}
										summary={account}
									/>
								))}
								{unknownEmails && (
									<FailureRow
										label={fill(texts.unknownEmails, { count: unknownEmails.emails })}
										summary={unknownEmails}
									/>
								)}
							</tbody>
						</table>
					</div>
				)}
			</section>
		</StaffLayout>
	);
}

function FailureRow({ label, summary }: { label: string; summary: FailureSummary }) {
	const { lang } = useSite();
	return (
		<tr>
			<th scope="row">{label}</th>
			<td>{summary.lastDay}</td>
			<td>{formatPragueDateTime(summary.lastAt, lang)}</td>
			<td>{summary.lastNetwork}</td>
		</tr>
	);
}
