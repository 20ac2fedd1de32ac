import { fill } from "../../components/shared/text";
import { closeMonthForm, reopenMonthForm } from "../../domain/settlement/settlement-forms";
import type { Statement } from "../../domain/settlement/statement";
import { isAdmin, type StaffUser } from "../../domain/staff/user";
import { Form } from "../../forms";
import { formatPragueDateTime } from "../../prague-time";
import { useSite } from "../../render/site-context";
import { StaffLayout } from "./StaffLayout";
import { StaffNotice, type StaffNoticeText } from "./StaffNotice";

export interface SettlementView {
	readonly statement: Statement;
	/** Set for a closed month. */
	readonly closed?:
		| { readonly closedAt: string; readonly checksum: string; readonly intact: boolean }
		| undefined;
}

interface SettlementPageProps {
	user: StaffUser;
	/** The month asked for (shown in the field even when it is not a month). */
	month: string;
	/** Undefined when `month` is not a month. */
	view?: SettlementView | undefined;
	notice?: StaffNoticeText | undefined;
}

/** Admins and marketing: a month's statement per store with chain subtotals; admins close and reopen it. */
export function SettlementPage({ user, month, view, notice }: SettlementPageProps) {
	const { t, href, lang } = useSite();
	const texts = t.staff.settlement;
	const number = new Intl.NumberFormat(lang === "cs" ? "cs-CZ" : "en-GB");
	const state = { values: { month }, errors: {}, formErrors: [] };
	return (
		<StaffLayout title={texts.title} user={user}>
			<h1>{texts.title}</h1>
			<StaffNotice notice={notice} />
			<p>{texts.intro}</p>
			<form className="staff-settlement__month" method="get" action={href("/staff/settlement")}>
				<div className="form-item">
					<label htmlFor="settlement-month">{texts.month}</label>
					<input
						id="settlement-month"
						name="month"
						type="text"
						pattern="\d{4}-\d{2}"
						defaultValue={month}
						aria-describedby="settlement-month-hint"
						aria-invalid={view ? undefined : true}
					/>
					<p id="settlement-month-hint" className="form-item__description">
						{view ? texts.monthHint : texts.monthInvalid}
					</p>
				</div>
				<button type="submit" className="button button--small">
					{texts.show}
				</button>
			</form>
			{view && (
				<section className="staff-card" aria-labelledby="settlement-caption">
					{view.closed ? (
						<p className="staff-settlement__status">
							{fill(texts.closed, {
								when: formatPragueDateTime(view.closed.closedAt, lang),
								checksum: view.closed.checksum,
							})}
						</p>
					) : (
						<p className="staff-settlement__status">
							{fill(texts.open, { value: view.statement.voucherValueCzk })}
						</p>
					)}
					{view.closed && !view.closed.intact && (
						<p className="staff-notice staff-notice--refused" role="alert">
							{texts.tampered}
						</p>
					)}
					{view.statement.rows.length === 0 ? (
						<p id="settlement-caption">{texts.empty}</p>
					) : (
						<StatementTable statement={view.statement} format={number.format} />
					)}
					<p>
						<a href={`${href("/staff/settlement.csv")}?month=${view.statement.month}`} download>
							{texts.csv}
						</a>
					</p>
					{isAdmin(user.role) &&
						(view.closed ? (
							<Form form={reopenMonthForm} action="/staff/settlement/reopen" state={state} />
						) : (
							<Form form={closeMonthForm} action="/staff/settlement/close" state={state} />
						))}
				</section>
			)}
		</StaffLayout>
	);
}

function StatementTable({ statement, format }: { statement: Statement; format: (value: number) => string }) {
	const { t } = useSite();
	const texts = t.staff.settlement;
	return (
		<div className="staff-today">
			<table>
				<caption id="settlement-caption">{fill(texts.caption, { month: statement.month })}</caption>
				<thead>
					<tr>
						<th scope="col">{texts.store}</th>
						<th scope="col">{texts.storeId}</th>
						<th scope="col">{texts.count}</th>
						<th scope="col">{texts.amount}</th>
					</tr>
				</thead>
				{statement.chains.map((chain) => (
					<tbody key={chain.chain}>
						{statement.rows
							.filter((row) => row.chain === chain.chain)
							.map((row) => (
								<tr key={row.storeId}>
									<th scope="row">{row.storeName}</th>
									<td>{row.storeId}</td>
									<td>{format(row.count)}</td>
									<td>{format(row.amountCzk)}</td>
								</tr>
							))}
						<tr className="staff-settlement__subtotal">
							<th scope="row" colSpan={2}>
								{fill(texts.subtotal, { chain: chain.chain })}
							</th>
							<td>{format(chain.count)}</td>
							<td>{format(chain.amountCzk)}</td>
						</tr>
					</tbody>
				))}
				<tfoot>
					<tr className="staff-settlement__total">
						<th scope="row" colSpan={2}>
							{texts.total}
						</th>
						<td>{format(statement.total.count)}</td>
						<td>{format(statement.total.amountCzk)}</td>
					</tr>
				</tfoot>
			</table>
		</div>
	);
}
