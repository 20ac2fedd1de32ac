import { scaleLinear, scaleUtc } from "d3-scale";
import { line } from "d3-shape";
import type { Lang } from "../../../i18n";
import { addDays } from "../../../prague-time";
import { dayDate, formatDay, formatNumber } from "./numbers";

export interface Series {
	readonly key: string;
	readonly label: string;
	readonly values: readonly number[];
}

export interface LineChartProps {
	/** The days on the x axis, YYYY-MM-DD, in order. */
	days: readonly string[];
	series: readonly Series[];
	/** Horizontal lines: a limit, a budget. */
	references?: readonly { value: number; label: string }[];
	/** A band of days: the campaign's period (both days included); cut to the days shown. */
	band?: { from: string; to: string; label: string } | undefined;
	/** Vertical lines on a day. */
	markers?: readonly { date: string; label: string }[];
	lang: Lang;
}

export const LINE_VIEWBOX = { width: 720, height: 300 };
const MARGIN = { top: 24, right: 16, bottom: 32, left: 64 };

/** Lines over days, scaled by d3-scale and drawn by d3-shape: the svg content for a ChartFigure. */
export function LineChart({ days, series, references = [], band, markers = [], lang }: LineChartProps) {
	const { width, height } = LINE_VIEWBOX;
	const first = days[0] ?? "2000-01-01";
	// A single day still gets a width: the scale runs to the end of the last day.
	const x = scaleUtc()
		.domain([dayDate(first), dayDate(addDays(days.at(-1) ?? first, 1))])
		.range([MARGIN.left, width - MARGIN.right]);
	const highest = Math.max(1, ...series.flatMap((one) => one.values), ...references.map((ref) => ref.value));
	const y = scaleLinear()
		.domain([0, highest * 1.05])
		.nice()
		.range([height - MARGIN.bottom, MARGIN.top]);
	// Each day's point sits in the middle of its day.
	const middle = (index: number) =>
		(x(dayDate(days[index] ?? first)) + x(dayDate(addDays(days[index] ?? first, 1)))) / 2;
	const path = line<number>()
		.x((_value, index) => middle(index))
		.y((value) => y(value));
	const last = days.at(-1) ?? first;
	// YYYY-MM-DD texts sort as the days do.
	const shown = band && {
		from: [band.from, first].sort()[1] ?? first,
		to: [band.to, last].sort()[0] ?? last,
		label: band.label,
	};
	return (
		<>
			{shown && shown.from <= shown.to && (
				<g className="dashboard-chart__band">
					<rect
						x={x(dayDate(shown.from))}
						y={MARGIN.top}
						width={x(dayDate(addDays(shown.to, 1))) - x(dayDate(shown.from))}
						height={height - MARGIN.top - MARGIN.bottom}
					/>
					<text x={x(dayDate(shown.from)) + 4} y={MARGIN.top - 8}>
						{shown.label}
					</text>
				</g>
			)}
			<g className="dashboard-chart__axis">
				{/* Counts are whole: no tick between two of them. */}
				{y
					.ticks(5)
					.filter(Number.isInteger)
					.map((tick) => (
						<g key={tick}>
							<line x1={MARGIN.left} x2={width - MARGIN.right} y1={y(tick)} y2={y(tick)} />
							<text x={MARGIN.left - 6} y={y(tick)} dy="0.32em" textAnchor="end">
								{formatNumber(tick, lang)}
							</text>
						</g>
					))}
				{x.ticks(Math.min(6, days.length)).map((tick) => (
					<text key={tick.toISOString()} x={x(tick)} y={height - MARGIN.bottom + 18} textAnchor="middle">
						{formatDay(tick, lang)}
					</text>
				))}
			</g>
			{references.map((ref) => (
				<g key={ref.label} className="dashboard-chart__reference">
					<line x1={MARGIN.left} x2={width - MARGIN.right} y1={y(ref.value)} y2={y(ref.value)} />
					<text x={width - MARGIN.right} y={y(ref.value) - 6} textAnchor="end">
						{ref.label}
					</text>
				</g>
			))}
			{markers.map((marker) => (
				<g key={marker.date} className="dashboard-chart__reference">
					<line
						x1={x(dayDate(marker.date))}
						x2={x(dayDate(marker.date))}
						y1={MARGIN.top}
						y2={height - MARGIN.bottom}
					/>
					<text x={x(dayDate(marker.date)) + 4} y={MARGIN.top + 14}>
						{marker.label}
					</text>
				</g>
			))}
			{series.map((one, index) => (
				<path
					key={one.key}
					className={`dashboard-chart__line dashboard-chart__line--${index + 1}`}
					d={path([...one.values]) ?? ""}
				/>
			))}
		</>
	);
}

/** The lines' key: each series' colour and dash beside its name. */
export function Legend({ series }: { series: readonly Pick<Series, "key" | "label">[] }) {
	return (
		<ul className="dashboard-chart__legend">
			{series.map((one, index) => (
				<li key={one.key}>
					<svg viewBox="0 0 24 8" aria-hidden="true" focusable="false">
						<line
							className={`dashboard-chart__line dashboard-chart__line--${index + 1}`}
							x1="0"
							x2="24"
							y1="4"
							y2="4"
						/>
					</svg>
					{one.label}
				</li>
			))}
		</ul>
	);
}
