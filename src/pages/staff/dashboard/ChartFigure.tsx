import type { ReactNode } from "react";
import { useSite } from "../../../render/site-context";

interface ChartFigureProps {
	/** Prefix of the element ids: `<id>-heading`, `<id>-title`, `<id>-desc`. */
	id: string;
	title: string;
	/** What the chart shows, for those who cannot see it (the svg's description). */
	desc: string;
	viewBox: string;
	/** The svg's content. */
	chart: ReactNode;
	/** The same numbers as a table: under the chart, behind a disclosure, for screen readers and copying. */
	table: ReactNode;
	/** Beside the chart: a legend or a figure. */
	children?: ReactNode;
}

/**
 * A chart drawn on the server as inline SVG: an image named by its title and description, followed by
 * its numbers as a table in a <details> disclosure (WCAG 1.1.1: the table is the text alternative).
 */
export function ChartFigure({ id, title, desc, viewBox, chart, table, children }: ChartFigureProps) {
	const { t } = useSite();
	return (
		<section className="staff-card dashboard-chart" aria-labelledby={`${id}-heading`}>
			<h2 id={`${id}-heading`}>{title}</h2>
			{children}
			<svg
				className="dashboard-chart__svg"
				viewBox={viewBox}
				role="img"
				aria-labelledby={`${id}-title ${id}-desc`}
				focusable="false"
			>
				<title id={`${id}-title`}>{title}</title>
				<desc id={`${id}-desc`}>{desc}</desc>
				{chart}
			</svg>
			<details className="dashboard-chart__numbers">
				<summary>{t.staff.dashboard.numbers}</summary>
				<div className="staff-today">{table}</div>
			</details>
		</section>
	);
}
