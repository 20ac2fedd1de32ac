import { BarcodeScanner } from "../../components/barcode-scanner/BarcodeScanner";
import { fill } from "../../components/shared/text";
import { redeemForm } from "../../domain/staff/forms";
import type { Redemption, RedemptionOutcome, RedemptionScope } from "../../domain/staff/redemptions";
import { canEdit, canRedeem, type StaffUser } from "../../domain/staff/user";
import { controlId, Form, type FormState } from "../../forms";
import { formatDate, formatPragueDateTime, formatPragueTime } from "../../prague-time";
import { type Site, useSite } from "../../render/site-context";
import { Snippet } from "../../render/snippets";
import { StaffLayout } from "./StaffLayout";

/** The snippets a redemption updates: the form with its outcome, and today's list. */
export const STAFF_SNIPPETS = ["redeem", "today"] as const;

interface StaffPageProps {
	user: StaffUser;
	state?: FormState | undefined;
	outcome?: RedemptionOutcome | undefined;
	/** A message about the attempt itself (too many attempts). */
	notice?: string | undefined;
	today: readonly Redemption[];
	scope: RedemptionScope;
	/** What the till takes off the purchase (the campaign settings' voucher value), in CZK. */
	voucherValueCzk: number;
}

export function StaffPage({ user, state, outcome, notice, today, scope, voucherValueCzk }: StaffPageProps) {
	const site = useSite();
	const { t, href } = site;
	return (
		<StaffLayout title={t.staff.title} user={user}>
			<h1>{t.staff.title}</h1>
			<p className="staff-whoami">
				{fill(t.staff.signedInAs, { name: user.name })} ·{" "}
				{user.role === "admin"
					? t.staff.allStoresAdmin
					: user.role === "editor"
						? t.staff.allStores
						: user.role === "marketing"
							? t.staff.roleNames.marketing
							: fill(t.staff.store, { store: user.storeName ?? "–" })}
				{canEdit(user.role) && (
					<>
						{" · "}
						<a href={`${href("/")}?edit`}>{t.staff.editHome}</a>
					</>
				)}
				{user.role === "admin" && (
					<>
						{" · "}
						<a href={href("/staff/sign-ins")}>{t.staff.signInsLink}</a>
					</>
				)}
			</p>
			{!canRedeem(user.role) && <p>{t.staff.marketingHome}</p>}
			{canRedeem(user.role) && (
				<>
					<section className="staff-card" aria-labelledby="redeem-title">
						<h2 id="redeem-title">{t.staff.redeem.heading}</h2>
						<Snippet name="redeem">
							{notice && (
								<p className="staff-outcome staff-outcome--refused" role="alert">
									{notice}
								</p>
							)}
							{outcome && <Outcome outcome={outcome} site={site} value={voucherValueCzk} />}
							<Form form={redeemForm} action="/staff" state={state} ajax className="staff-redeem" />
						</Snippet>
						<BarcodeScanner target={controlId(redeemForm.name, "code")} texts={t.staff.scanner} />
					</section>
					<section className="staff-card" aria-labelledby="today-title">
						<h2 id="today-title">{t.staff.today.heading}</h2>
						<Snippet name="today">
							<TodayList redemptions={today} scope={scope} />
						</Snippet>
					</section>
				</>
			)}
		</StaffLayout>
	);
}

function Outcome({ outcome, site, value }: { outcome: RedemptionOutcome; site: Site; value: number }) {
	const { t, lang } = site;
	const texts = t.staff.redeem;
	const { code } = outcome;
	if (outcome.kind === "redeemed") {
		return (
			<p className="staff-outcome staff-outcome--redeemed" role="status">
				{fill(texts.redeemed, { code, value })}
			</p>
		);
	}
	const message =
		outcome.kind === "unknown"
			? fill(texts.unknown, { code })
			: outcome.kind === "expired"
				? fill(texts.expired, { code, date: formatDate(outcome.validUntil, lang) })
				: outcome.kind === "voided"
					? fill(outcome.because === "terms" ? t.staff.fraud.till : texts.voided, { code })
					: fill(texts.alreadyRedeemed, {
							code,
							when: formatPragueDateTime(outcome.redeemedAt, lang),
							store: outcome.storeName ?? texts.unknownStore,
						});
	return (
		<p className={`staff-outcome staff-outcome--${outcome.kind}`} role="alert">
			{message}
		</p>
	);
}

function TodayList({ redemptions, scope }: { redemptions: readonly Redemption[]; scope: RedemptionScope }) {
	const { t, lang } = useSite();
	const texts = t.staff.today;
	const caption = scope === "all" ? texts.scopeAll : "storeId" in scope ? texts.scopeStore : texts.scopeOwn;
	if (!redemptions.length) {
		return (
			<p className="staff-today__empty">
				{caption}: {texts.empty}
			</p>
		);
	}
	return (
		<div className="staff-today">
			<table>
				<caption>
					{caption} ({redemptions.length})
				</caption>
				<thead>
					<tr>
						<th scope="col">{texts.time}</th>
						<th scope="col">{texts.code}</th>
						{scope === "all" && <th scope="col">{texts.store}</th>}
						<th scope="col">{texts.staff}</th>
					</tr>
				</thead>
				<tbody>
					{redemptions.map((redemption) => (
						<tr key={redemption.code}>
							<td>{formatPragueTime(redemption.redeemedAt, lang)}</td>
							<td className="staff-today__code">{redemption.code}</td>
							{scope === "all" && <td>{redemption.storeName ?? "–"}</td>}
							<td>{redemption.staffName ?? "–"}</td>
						</tr>
					))}
				</tbody>
			</table>
		</div>
	);
}
