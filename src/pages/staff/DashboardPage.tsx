import { fill } from "../../components/shared/text";
import {
	type DashboardFigures,
	type DashboardLimits,
	runningTotals,
	sumBy,
	totalsOf,
} from "../../domain/dashboard/figures";
import { dashboardFilterForm, filterState, type ParsedFilter } from "../../domain/dashboard/filter";
import type { StaffUser } from "../../domain/staff/user";
import { Form, FormField } from "../../forms";
import { isRegionCode, REGIONS, type RegionCode, regionName } from "../../i18n/regions";
import { formatDate } from "../../prague-time";
import { useSite } from "../../render/site-context";
import { Snippet } from "../../render/snippets";
import { BAR_WIDTH, BarChart, barChartHeight } from "./dashboard/BarChart";
import { ChartFigure } from "./dashboard/ChartFigure";
import { Legend, LINE_VIEWBOX, LineChart } from "./dashboard/LineChart";
import { formatNumber, formatShare } from "./dashboard/numbers";
import { MAP_VIEWBOX, RegionMap } from "./dashboard/RegionMap";
import { StaffLayout } from "./StaffLayout";

/** An autosubmitted filter replaces the charts; the form itself stays (focus and typing are kept). */
export const DASHBOARD_SNIPPETS = ["dashboard"] as const;

/** How many stores the ranking shows. */
export const TOP_STORES = 10;

interface DashboardPageProps {
	user: StaffUser;
	parsed: ParsedFilter;
	/** Undefined when the filter was not understood. */
	figures: DashboardFigures | undefined;
	limits: DashboardLimits;
}

/** Admins and marketing: the campaign's figures for a range of days and a region, as charts and tables. */
export function DashboardPage({ user, parsed, figures, limits }: DashboardPageProps) {
	const { t } = useSite();
	const texts = t.staff.dashboard;
	return (
		<StaffLayout title={texts.title} user={user}>
			<h1>{texts.title}</h1>
			<p>{texts.intro}</p>
			<search aria-label={texts.filter.label}>
				<Form
					form={dashboardFilterForm}
					action="/staff/dashboard"
					method="get"
					ajax
					className="dashboard-filter"
					attributes={{ "data-autosubmit": "" }}
					state={filterState(parsed, texts.filter)}
				>
					<FormField name="from" />
					<FormField name="to" />
					<FormField name="region" />
					{/* Not a field: a named button would add its name to every address the filter makes. */}
					<button type="submit" className="button button--small">
						{texts.filter.show}
					</button>
				</Form>
			</search>
			<Snippet name="dashboard">
				{figures ? (
					<Charts figures={figures} limits={limits} />
				) : (
					<div className="staff-notice staff-notice--refused" role="alert">
						<p>{texts.refused}</p>
						<ul>
							{Object.values(parsed.problems).map((problem) => (
								<li key={problem}>{texts.filter[problem]}</li>
							))}
						</ul>
					</div>
				)}
			</Snippet>
		</StaffLayout>
	);
}

function Charts({ figures, limits }: { figures: DashboardFigures; limits: DashboardLimits }) {
	const { t, lang } = useSite();
	const texts = t.staff.dashboard;
	const number = (value: number) => formatNumber(value, lang);
	const { filter } = figures;
	const days = figures.days.map((day) => day.date);
	const running = runningTotals(figures);
	const budget = limits.voucherLimit * limits.voucherValueCzk;
	const totals = totalsOf(figures.days);
	const period =
		limits.start || limits.end
			? {
					from: limits.start ?? days[0] ?? "",
					to: limits.end ?? days.at(-1) ?? "",
					label: texts.daily.period,
				}
			: undefined;
	const limitReached = running.find((day) => day.issued >= limits.voucherLimit)?.date;
	const steps = ["registrations", "confirmed", "issued", "redeemed"] as const;
	const regionCounts = new Map<RegionCode, number>();
	for (const { name, redeemed } of sumBy(figures.stores, (store) => store.region)) {
		if (isRegionCode(name)) regionCounts.set(name, redeemed);
	}
	const chains = sumBy(figures.stores, (store) => store.chain);
	const top = figures.stores.slice(0, TOP_STORES);
	return (
		<div className="dashboard">
			{filter.region && <p className="dashboard__note">{texts.regionNote}</p>}
			<ChartFigure
				id="dashboard-daily"
				title={texts.daily.title}
				desc={fill(texts.daily.desc, {
					from: formatDate(filter.from, lang),
					to: formatDate(filter.to, lang),
				})}
				viewBox={`0 0 ${LINE_VIEWBOX.width} ${LINE_VIEWBOX.height}`}
				chart={
					<LineChart
						days={days}
						series={steps.map((key) => ({
							key,
							label: texts[key],
							values: figures.days.map((day) => day[key]),
						}))}
						band={period}
						markers={
							limitReached
								? [
										{
											date: limitReached,
											label: fill(texts.daily.limitReached, { date: formatDate(limitReached, lang) }),
										},
									]
								: []
						}
						lang={lang}
					/>
				}
				table={
					<table>
						<caption>{texts.daily.title}</caption>
						<thead>
							<tr>
								<th scope="col">{texts.date}</th>
								{steps.map((key) => (
									<th key={key} scope="col">
										{texts[key]}
									</th>
								))}
							</tr>
						</thead>
						<tbody>
							{figures.days.map((day) => (
								<tr key={day.date}>
									<th scope="row">{day.date}</th>
									{steps.map((key) => (
										<td key={key}>{number(day[key])}</td>
									))}
								</tr>
							))}
						</tbody>
					</table>
				}
			>
				<Legend series={steps.map((key) => ({ key, label: texts[key] }))} />
			</ChartFigure>
			<ChartFigure
				id="dashboard-running"
				title={texts.running.title}
				desc={fill(texts.running.desc, { limit: number(limits.voucherLimit) })}
				viewBox={`0 0 ${LINE_VIEWBOX.width} ${LINE_VIEWBOX.height}`}
				chart={
					<LineChart
						days={days}
						series={(["issued", "redeemed"] as const).map((key) => ({
							key,
							label: texts[key],
							values: running.map((day) => day[key]),
						}))}
						references={[
							{
								value: limits.voucherLimit,
								label: fill(texts.running.limit, { limit: number(limits.voucherLimit) }),
							},
						]}
						band={period}
						lang={lang}
					/>
				}
				table={
					<table>
						<caption>{texts.running.title}</caption>
						<thead>
							<tr>
								<th scope="col">{texts.date}</th>
								<th scope="col">{texts.issued}</th>
								<th scope="col">{texts.redeemed}</th>
								<th scope="col">{texts.money.spent}</th>
							</tr>
						</thead>
						<tbody>
							{running.map((day) => (
								<tr key={day.date}>
									<th scope="row">{day.date}</th>
									<td>{number(day.issued)}</td>
									<td>{number(day.redeemed)}</td>
									<td>{number(day.redeemed * limits.voucherValueCzk)}</td>
								</tr>
							))}
						</tbody>
					</table>
				}
			>
				<Legend series={(["issued", "redeemed"] as const).map((key) => ({ key, label: texts[key] }))} />
			</ChartFigure>
			<ChartFigure
				id="dashboard-money"
				title={texts.money.title}
				desc={fill(texts.money.desc, { value: number(limits.voucherValueCzk), budget: number(budget) })}
				viewBox={`0 0 ${LINE_VIEWBOX.width} ${LINE_VIEWBOX.height}`}
				chart={
					<LineChart
						days={days}
						series={[
							{
								key: "spent",
								label: texts.money.spent,
								values: running.map((day) => day.redeemed * limits.voucherValueCzk),
							},
						]}
						references={[{ value: budget, label: fill(texts.money.budget, { budget: number(budget) }) }]}
						band={period}
						lang={lang}
					/>
				}
				table={
					<table>
						<caption>{texts.money.title}</caption>
						<tbody>
							<tr>
								<th scope="row">{texts.money.spent}</th>
								<td>
									{number((running.at(-1)?.redeemed ?? figures.before.redeemed) * limits.voucherValueCzk)}
								</td>
							</tr>
							<tr>
								<th scope="row">{texts.money.budgetRow}</th>
								<td>{number(budget)}</td>
							</tr>
						</tbody>
					</table>
				}
			/>
			<ChartFigure
				id="dashboard-regions"
				title={texts.regions.title}
				desc={texts.regions.desc}
				viewBox={MAP_VIEWBOX}
				chart={<RegionMap counts={regionCounts} lang={lang} />}
				table={
					<table>
						<caption>{texts.regions.title}</caption>
						<thead>
							<tr>
								<th scope="col">{texts.regions.region}</th>
								<th scope="col">{texts.redeemed}</th>
							</tr>
						</thead>
						<tbody>
							{(Object.keys(REGIONS) as RegionCode[]).map((code) => (
								<tr key={code} data-region={code}>
									<th scope="row">{regionName(code, lang)}</th>
									<td>{number(regionCounts.get(code) ?? 0)}</td>
								</tr>
							))}
						</tbody>
					</table>
				}
			/>
			<ChartFigure
				id="dashboard-chains"
				title={texts.chains.title}
				desc={texts.chains.desc}
				viewBox={`0 0 ${BAR_WIDTH} ${barChartHeight(chains.length)}`}
				chart={
					<BarChart
						bars={chains.map((chain) => ({ label: chain.name, value: chain.redeemed }))}
						lang={lang}
					/>
				}
				table={
					<table>
						<caption>{texts.chains.title}</caption>
						<thead>
							<tr>
								<th scope="col">{texts.chains.chain}</th>
								<th scope="col">{texts.redeemed}</th>
							</tr>
						</thead>
						<tbody>
							{chains.map((chain) => (
								<tr key={chain.name}>
									<th scope="row">{chain.name}</th>
									<td>{number(chain.redeemed)}</td>
								</tr>
							))}
						</tbody>
					</table>
				}
			/>
			<ChartFigure
				id="dashboard-stores"
				title={texts.stores.title}
				desc={texts.stores.desc}
				viewBox={`0 0 ${BAR_WIDTH} ${barChartHeight(top.length)}`}
				chart={
					<BarChart bars={top.map((store) => ({ label: store.name, value: store.redeemed }))} lang={lang} />
				}
				table={
					<table>
						<caption>{texts.stores.title}</caption>
						<thead>
							<tr>
								<th scope="col">{texts.stores.store}</th>
								<th scope="col">{texts.stores.region}</th>
								<th scope="col">{texts.redeemed}</th>
							</tr>
						</thead>
						<tbody>
							{top.map((store) => (
								<tr key={store.storeId}>
									<th scope="row">{store.name}</th>
									<td>{isRegionCode(store.region) ? regionName(store.region, lang) : store.region}</td>
									<td>{number(store.redeemed)}</td>
								</tr>
							))}
						</tbody>
					</table>
				}
			/>
			<ChartFigure
				id="dashboard-funnel"
				title={texts.funnel.title}
				desc={texts.funnel.desc}
				viewBox={`0 0 ${BAR_WIDTH} ${barChartHeight(steps.length)}`}
				chart={
					<BarChart bars={steps.map((key) => ({ label: texts[key], value: totals[key] }))} lang={lang} />
				}
				table={
					<table>
						<caption>{texts.funnel.title}</caption>
						<thead>
							<tr>
								<th scope="col">{texts.funnel.step}</th>
								<th scope="col">{texts.funnel.count}</th>
								<th scope="col">{texts.funnel.share}</th>
							</tr>
						</thead>
						<tbody>
							{steps.map((key) => (
								<tr key={key}>
									<th scope="row">{texts[key]}</th>
									<td>{number(totals[key])}</td>
									<td>
										{totals.registrations ? formatShare(totals[key] / totals.registrations, lang) : "–"}
									</td>
								</tr>
							))}
						</tbody>
					</table>
				}
			>
				<p className="dashboard__median">
					{figures.medianDaysToRedeem === null
						? texts.funnel.noMedian
						: fill(texts.funnel.median, { days: number(figures.medianDaysToRedeem) })}
				</p>
			</ChartFigure>
		</div>
	);
}
