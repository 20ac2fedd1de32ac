import { fill } from "../../components/shared/text";
import {
	AUDIT_ACTIONS,
	type AuditAction,
	type AuditEntry,
	type AuditFields,
} from "../../domain/staff/audit-entry";
import type { StaffUser } from "../../domain/staff/user";
import { formatPragueDateTime } from "../../prague-time";
import { useSite } from "../../render/site-context";
import { StaffLayout } from "./StaffLayout";

interface AuditPageProps {
	user: StaffUser;
	entries: readonly AuditEntry[];
	page: number;
	hasOlder: boolean;
}

/** The changed fields, one `name: value` a line, as JSON writes each value. */
function Fields({ fields }: { fields: AuditFields | null }) {
	if (!fields) return <>–</>;
	const lines = Object.entries(fields).map(([key, value]) => `${key}: ${JSON.stringify(value)}`);
	return <pre className="staff-audit__fields">{lines.join("\n")}</pre>;
}

/** Admins only: the audit log, newest first, a page at a time. */
export function AuditPage({ user, entries, page, hasOlder }: AuditPageProps) {
	const { t, href, lang } = useSite();
	const texts = t.staff.audit;
	const actionName = (action: string) =>
		AUDIT_ACTIONS.includes(action as AuditAction) ? texts.actions[action as AuditAction] : action;
	return (
		<StaffLayout title={texts.title} user={user}>
			<h1>{texts.title}</h1>
			<section className="staff-card" aria-labelledby="audit-caption">
				<p>{texts.intro}</p>
				{entries.length === 0 ? (
					<p id="audit-caption">{texts.empty}</p>
				) : (
					<div className="staff-today">
						<table>
							<caption id="audit-caption">{fill(texts.caption, { page })}</caption>
							<thead>
								<tr>
									<th scope="col">{texts.when}</th>
									<th scope="col">{texts.who}</th>
									<th scope="col">{texts.what}</th>
									<th scope="col">{texts.subject}</th>
									<th scope="col">{texts.before}</th>
									<th scope="col">{texts.after}</th>
								</tr>
							</thead>
							<tbody>
								{entries.map((entry) => (
									<tr key={entry.id}>
										<td>
											<time dateTime={entry.createdAt}>{formatPragueDateTime(entry.createdAt, lang)}</time>
										</td>
										<td>{entry.actorName}</td>
										<th scope="row">{actionName(entry.action)}</th>
										<td>{entry.subjectId ?? "–"}</td>
										<td>
											<Fields fields={entry.before} />
										</td>
										<td>
											<Fields fields={entry.after} />
										</td>
									</tr>
								))}
							</tbody>
						</table>
					</div>
				)}
				{(page > 1 || hasOlder) && (
					<nav className="staff-pager" aria-label={texts.pages}>
						{page > 1 && (
							<a
								href={page === 2 ? href("/staff/audit") : `${href("/staff/audit")}?page=${page - 1}`}
								rel="prev"
							>
								{texts.newer}
							</a>
						)}
						{hasOlder && (
							<a href={`${href("/staff/audit")}?page=${page + 1}`} rel="next">
								{texts.older}
							</a>
						)}
					</nav>
				)}
			</section>
		</StaffLayout>
	);
}
