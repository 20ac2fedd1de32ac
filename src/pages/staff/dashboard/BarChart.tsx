import { scaleBand, scaleLinear } from "d3-scale";
import type { Lang } from "../../../i18n";
import { formatNumber } from "./numbers";

export const BAR_WIDTH = 720;
const ROW = 32;
const LABEL = 260;

export const barChartHeight = (bars: number) => Math.max(1, bars) * ROW + 8;

/** Horizontal bars with their names and values, scaled by d3-scale: the svg content for a ChartFigure. */
export function BarChart({ bars, lang }: { bars: readonly { label: string; value: number }[]; lang: Lang }) {
	const y = scaleBand<number>()
		.domain(bars.map((_bar, index) => index))
		.range([4, barChartHeight(bars.length) - 4])
		.padding(0.2);
	const x = scaleLinear()
		.domain([0, Math.max(1, ...bars.map((bar) => bar.value))])
		.range([LABEL, BAR_WIDTH - 72]);
	return (
		<g className="dashboard-chart__bars">
			{bars.map((bar, index) => (
				<g key={bar.label}>
					<text x={LABEL - 8} y={(y(index) ?? 0) + y.bandwidth() / 2} dy="0.32em" textAnchor="end">
						{bar.label.length > 34 ? `${bar.label.slice(0, 33)}…` : bar.label}
					</text>
					<rect x={LABEL} y={y(index)} width={x(bar.value) - LABEL} height={y.bandwidth()} />
					<text x={x(bar.value) + 6} y={(y(index) ?? 0) + y.bandwidth() / 2} dy="0.32em">
						{formatNumber(bar.value, lang)}
					</text>
				</g>
			))}
		</g>
	);
}
