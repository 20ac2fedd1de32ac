/**
 * The store finder's filter: a GET form read by parseStoreQuery (query.ts), not by readForm, because its
 * query string is typed into address bars, shared and crawled, so whatever cannot be used is ignored
 * rather than refused. The definition gives it the forms API's markup; it has no rules to judge.
 */

import { defineForm, type FormState, field, type Text } from "../../forms";
import { REGIONS, type RegionCode, regionName } from "../../i18n/regions";
import { MESSAGES } from "../../i18n/site-texts";
import type { StoreQuery } from "./query";

type FilterTexts = (typeof MESSAGES)["cs"]["stores"]["filter"];

const text = (key: keyof FilterTexts): Text => ({
	cs: MESSAGES.cs.stores.filter[key],
	en: MESSAGES.en.stores.filter[key],
});

/** Field keys are the query's parameter names. */
export const storesFilterForm = defineForm("stores", {
	region: field.select({
		label: text("region"),
		prompt: text("allRegions"),
		options: (Object.keys(REGIONS) as RegionCode[]).map((code) => ({
			value: code,
			label: { cs: regionName(code, "cs"), en: regionName(code, "en") },
		})),
	}),
	q: field.search({ label: text("text"), clearable: text("clear"), enterKeyHint: "search" }),
});

/** The form's state showing a query. */
export const filterState = (query: StoreQuery): FormState => ({
	values: { region: query.region ?? "", q: query.text },
	errors: {},
	formErrors: [],
});
