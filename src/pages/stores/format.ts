/** How the store finder words numbers, times and weeks in the page's language. */

import { DAYS, type DayIndex, type Interval, type WeekHours } from "../../domain/stores/hours";
import type { Lang } from "../../i18n";

export interface PluralForms {
	readonly one: string;
	/** Czech 2–4 ("3 prodejny"); English uses `other`'s wording here too. */
	readonly few: string;
	readonly other: string;
}

const pluralRules = { cs: new Intl.PluralRules("cs"), en: new Intl.PluralRules("en") };

export function plural(lang: Lang, count: number, forms: PluralForms): string {
	const category = pluralRules[lang].select(count);
	const form = category === "one" || category === "few" ? forms[category] : forms.other;
	return form.replaceAll("{count}", String(count));
}

/** "08:00" → "8:00", as Czech and British signs write times. */
export const formatTime = (time: string) => time.replace(/^0(\d)/, "$1");

export const formatIntervals = (intervals: readonly Interval[]) =>
	intervals.map(([opens, closes]) => `${formatTime(opens)}–${formatTime(closes)}`).join(", ");

export interface DayGroup {
	readonly from: DayIndex;
	readonly to: DayIndex;
	readonly intervals: readonly Interval[];
}

/** Consecutive days with the same hours as one row: Mon–Fri, Sat, Sun. */
export function groupDays(hours: WeekHours): DayGroup[] {
	const groups: DayGroup[] = [];
	DAYS.forEach((day, index) => {
		const intervals = hours[day];
		const last = groups.at(-1);
		if (last && formatIntervals(last.intervals) === formatIntervals(intervals)) {
			groups[groups.length - 1] = { ...last, to: index as DayIndex };
		} else {
			groups.push({ from: index as DayIndex, to: index as DayIndex, intervals });
		}
	});
	return groups;
}
