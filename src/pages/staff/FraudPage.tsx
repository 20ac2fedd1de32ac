import { fill } from "../../components/shared/text";
import { type FraudPeriod, fraudFilterForm, voidForm } from "../../domain/fraud/forms";
import type { StaffUser } from "../../domain/staff/user";
import { Form, type FormState } from "../../forms";
import { useSite } from "../../render/site-context";
import { StaffLayout } from "./StaffLayout";
import { StaffNotice, type StaffNoticeText } from "./StaffNotice";

/** One row of a table: a domain, a network or a reason, its total and its count per day. */
export interface FraudSeries {
	readonly key: string;
	readonly label: string;
	readonly total: number;
	readonly byDay: readonly number[];
}

export interface FraudView {
	readonly period: FraudPeriod;
	/** Prague dates, oldest first: the tables' columns. */
	readonly days: readonly string[];
	readonly top: number;
	readonly domains: readonly FraudSeries[];
	readonly networks: readonly FraudSeries[];
	readonly refusals: readonly FraudSeries[];
}

interface FraudPageProps {
	user: StaffUser;
	view: FraudView;
	/** The void form after a refused submission. */
	voidState?: FormState | undefined;
	notice?: StaffNoticeText | undefined;
}

/** A table of series by day; it scrolls sideways on a narrow screen, and can be scrolled with the keyboard. */
function SeriesTable({
	id,
	caption,
	keyLabel,
	days,
	rows,
}: {
	id: string;
	caption: string;
	keyLabel: string;
	days: readonly string[];
	rows: readonly FraudSeries[];
}) {
	const { t, lang } = useSite();
	const number = new Intl.NumberFormat(lang === "cs" ? "cs-CZ" : "en-GB");
	const day = new Intl.DateTimeFormat(lang === "cs" ? "cs-CZ" : "en-GB", {
		day: "numeric",
		month: "numeric",
		timeZone: "UTC",
	});
	if (rows.length === 0) return <p id={id}>{t.staff.fraud.none}</p>;
	return (
		// biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must be reachable by keyboard.
		<section className="staff-today" aria-labelledby={id} tabIndex={0}>
			<table>
				<caption id={id}>{caption}</caption>
				<thead>
					<tr>
						<th scope="col">{keyLabel}</th>
						<th scope="col">{t.staff.fraud.total}</th>
						{days.map((date) => (
							<th scope="col" key={date}>
								<time dateTime={date}>{day.format(new Date(`${date}T00:00:00Z`))}</time>
							</th>
						))}
					</tr>
				</thead>
				<tbody>
					{rows.map((row) => (
						<tr key={row.key}>
							<th scope="row">{row.label}</th>
							<td>{number.format(row.total)}</td>
							{row.byDay.map((count, i) => (
								<td key={days[i]}>{number.format(count)}</td>
							))}
						</tr>
					))}
				</tbody>
			</table>
		</section>
	);
}

/** Admins only: sign-ups by e-mail domain and network, refusals by reason, and the void of a voucher. */
export function FraudPage({ user, view, voidState, notice }: FraudPageProps) {
	const { t } = useSite();
	const texts = t.staff.fraud;
	const filter = { values: { days: view.period }, errors: {}, formErrors: [] };
	const top = { top: String(view.top) };
	return (
		<StaffLayout title={texts.title} user={user}>
			<h1>{texts.title}</h1>
			<StaffNotice notice={notice} />
			<p>{texts.intro}</p>
			<Form
				form={fraudFilterForm}
				action="/staff/fraud"
				method="get"
				state={filter}
				className="staff-settlement__month"
			/>
			{(["domains", "networks", "refusals"] as const).map((table) => (
				<section className="staff-card" aria-labelledby={`fraud-${table}`} key={table}>
					<h2 id={`fraud-${table}`}>{texts[table].heading}</h2>
					<SeriesTable
						id={`fraud-${table}-table`}
						caption={fill(texts[table].caption, top)}
						keyLabel={texts[table].key}
						days={view.days}
						rows={view[table]}
					/>
				</section>
			))}
			<section className="staff-card" aria-labelledby="fraud-void">
				<h2 id="fraud-void">{texts.void.heading}</h2>
				<p>{texts.void.intro}</p>
				<Form form={voidForm} action="/staff/fraud/void" state={voidState} />
			</section>
		</StaffLayout>
	);
}
