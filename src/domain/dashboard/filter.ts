/**
 * The dashboard's filter: a GET form (its query string is shared as a link), read by parseDashboardQuery
 * rather than readForm. Unlike the store finder's, a value that is not understood is refused with a
 * message: figures of another range than the one asked for would mislead.
 */
import { defineForm, type FormState, field, type Text } from "../../forms";
import { isRegionCode, REGIONS, type RegionCode, regionName } from "../../i18n/regions";
import { MESSAGES, type Messages } from "../../i18n/site-texts";
import { addDays, parseIsoDate } from "../../prague-time";
import type { DashboardFilter } from "./figures";

type FilterTexts = Messages["staff"]["dashboard"]["filter"];

const text = (pick: (texts: FilterTexts) => string): Text => ({
	cs: pick(MESSAGES.cs.staff.dashboard.filter),
	en: pick(MESSAGES.en.staff.dashboard.filter),
});

/** The longest range shown: two years of days keep each chart readable and each query bounded. */
export const DASHBOARD_MAX_DAYS = 731;

/** Field keys are the query's parameter names. */
export const dashboardFilterForm = defineForm("dashboard", {
	from: field.date({ label: text((t) => t.from) }),
	to: field.date({ label: text((t) => t.to) }),
	region: field.select({
		label: text((t) => t.region),
		prompt: text((t) => t.allRegions),
		options: (Object.keys(REGIONS) as RegionCode[]).map((code) => ({
			value: code,
			label: { cs: regionName(code, "cs"), en: regionName(code, "en") },
		})),
	}),
});

export type FilterProblem = keyof Pick<FilterTexts, "badDate" | "badRegion" | "order" | "tooLong">;

export interface ParsedFilter {
	/** What the form shows: the values sent, or the defaults. */
	readonly values: { from: string; to: string; region: string };
	/** Set when every value was understood. */
	readonly filter: DashboardFilter | undefined;
	/** By field: what is wrong with it. */
	readonly problems: Partial<Record<"from" | "to" | "region", FilterProblem>>;
}

const one = (value: unknown): string => (typeof value === "string" ? value.trim() : "");

/** The filter in a query string; an empty or missing date is the default one. */
export function parseDashboardQuery(query: unknown, defaults: { from: string; to: string }): ParsedFilter {
	const raw = (query ?? {}) as Record<string, unknown>;
	const values = {
		from: one(raw.from) || defaults.from,
		to: one(raw.to) || defaults.to,
		region: one(raw.region),
	};
	const problems: ParsedFilter["problems"] = {};
	const from = parseIsoDate(values.from);
	const to = parseIsoDate(values.to);
	if (!from) problems.from = "badDate";
	if (!to) problems.to = "badDate";
	if (values.region && !isRegionCode(values.region)) problems.region = "badRegion";
	if (from && to && from > to) problems.to = "order";
	else if (from && to && addDays(from, DASHBOARD_MAX_DAYS - 1) < to) problems.to = "tooLong";
	const valid = from && to && Object.keys(problems).length === 0;
	const region = isRegionCode(values.region) ? values.region : undefined;
	return { values, filter: valid ? { from, to, region } : undefined, problems };
}

/** The query string of a filter (the address the form's ajax keeps). */
export function dashboardQueryString(filter: DashboardFilter): string {
	const params = new URLSearchParams({ from: filter.from, to: filter.to });
	if (filter.region) params.set("region", filter.region);
	return `?${params}`;
}

/** The form's state showing a parsed query, its problems as field errors in the page's language. */
export function filterState(parsed: ParsedFilter, texts: FilterTexts): FormState {
	const errors: Record<string, string> = {};
	for (const [name, problem] of Object.entries(parsed.problems)) errors[name] = texts[problem];
	return { values: parsed.values, errors, formErrors: [] };
}
