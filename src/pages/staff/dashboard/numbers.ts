import type { Lang } from "../../../i18n";

const NUMBERS: Record<Lang, Intl.NumberFormat> = {
	cs: new Intl.NumberFormat("cs-CZ"),
	en: new Intl.NumberFormat("en-GB"),
};
const SHARES: Record<Lang, Intl.NumberFormat> = {
	cs: new Intl.NumberFormat("cs-CZ", { style: "percent", maximumFractionDigits: 1 }),
	en: new Intl.NumberFormat("en-GB", { style: "percent", maximumFractionDigits: 1 }),
};
/** Axis ticks: "3. 4." / "3 Apr", a day without its year (the filter names the years). */
const DAYS: Record<Lang, Intl.DateTimeFormat> = {
	cs: new Intl.DateTimeFormat("cs-CZ", { timeZone: "UTC", day: "numeric", month: "numeric" }),
	en: new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", day: "numeric", month: "short" }),
};

export const formatNumber = (value: number, lang: Lang) => NUMBERS[lang].format(value);
export const formatShare = (value: number, lang: Lang) => SHARES[lang].format(value);
export const formatDay = (date: Date, lang: Lang) => DAYS[lang].format(date);
/** A YYYY-MM-DD day as the UTC midnight the charts' time scales place it at. */
export const dayDate = (date: string) => new Date(`${date}T00:00:00.000Z`);
