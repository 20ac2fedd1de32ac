import { filterState, storesFilterForm } from "../../domain/stores/filter-form";
import { STORES_PER_PAGE, type StoreQuery, storeQueryString } from "../../domain/stores/query";
import type { Store } from "../../domain/stores/stores";
import { Form, FormField } from "../../forms";
import { regionName } from "../../i18n/regions";
import { useSite } from "../../render/site-context";
import { Snippet } from "../../render/snippets";
import { Layout } from "../Layout";
import { plural } from "./format";
import { StoreCard } from "./StoreCard";

/**
 * The snippets an ajax request gets: a new filter replaces the count and the results (the list and the
 * "load more" link inside them); "load more" appends to the list and replaces the link.
 */
export const FILTER_SNIPPETS = ["title", "storesCount", "storesResults"] as const;
export const MORE_SNIPPETS = ["storesList", "storesMore"] as const;

/** Stable across updates: the runtime puts focus back on the element with the focused element's id. */
const MORE_ID = "stores-more";

export interface StoresPageProps {
	readonly query: StoreQuery;
	/** The stores this response shows: pages 1 to query.page, or only that page when it is appended. */
	readonly stores: readonly Store[];
	readonly total: number;
	/** How many stores the list holds once this response is shown. */
	readonly shown: number;
	/** The moment "open now" is judged at (injectable for tests). */
	readonly now: Date;
	/** An ajax "load more" answer: only MORE_SNIPPETS are sent. */
	readonly appending?: boolean;
}

export function StoresPage({ query, stores, total, shown, now, appending = false }: StoresPageProps) {
	const { t, lang } = useSite();
	const results =
		total > 0 ? (
			<>
				<Snippet name="storesList" append>
					{stores.length > 0 && (
						<ul className="store-list">
							{stores.map((store) => (
								<StoreCard key={store.id} store={store} now={now} />
							))}
						</ul>
					)}
				</Snippet>
				<Snippet name="storesMore" className="stores__more">
					<MoreLink query={query} shown={shown} total={total} />
				</Snippet>
			</>
		) : (
			<EmptyState query={query} />
		);
	const filter = [query.region && regionName(query.region, lang), query.text].filter(Boolean).join(", ");
	return (
		<Layout
			title={filter ? t.stores.documentTitleIn.replace("{filter}", filter) : t.stores.documentTitle}
			description={t.stores.description}
		>
			<div className="stores">
				<h1 className="stores__title">{t.stores.title}</h1>
				<p className="stores__lead">{t.stores.lead}</p>
				<FilterForm query={query} />
				<h2 className="visually-hidden">{t.stores.listTitle}</h2>
				{/* The live region stays while its content changes, so the new count is announced. */}
				<div role="status" className="stores__count">
					<Snippet name="storesCount">{plural(lang, total, t.stores.found)}</Snippet>
				</div>
				{/* A snippet is only rendered inside its parent: "load more" asks for the nested ones alone. */}
				{appending ? results : <Snippet name="storesResults">{results}</Snippet>}
			</div>
		</Layout>
	);
}

/** A plain GET form: without JavaScript it is submitted as usual; with it, it submits itself by ajax. */
function FilterForm({ query }: { query: StoreQuery }) {
	const { t } = useSite();
	const texts = t.stores.filter;
	return (
		<search aria-label={texts.label}>
			<Form
				form={storesFilterForm}
				action="/stores"
				method="get"
				ajax
				className="stores-filter"
				attributes={{ "data-autosubmit": "" }}
				state={filterState(query)}
			>
				<FormField name="region" />
				<FormField name="q" />
				{/* Not a field: a named button would add its name to every address the filter makes. */}
				<button type="submit" className="button stores-filter__submit">
					{texts.submit}
				</button>
			</Form>
		</search>
	);
}

function MoreLink({ query, shown, total }: { query: StoreQuery; shown: number; total: number }) {
	const { t, lang, href } = useSite();
	if (shown >= total) {
		// Focus moves here from the link it replaces, instead of being lost to the page.
		return (
			<p id={MORE_ID} className="stores__all" tabIndex={-1}>
				{t.stores.allShown}
			</p>
		);
	}
	const next = Math.min(STORES_PER_PAGE, total - shown);
	const page = Math.ceil(shown / STORES_PER_PAGE) + 1;
	return (
		<>
			<p className="stores__shown">
				{t.stores.shown.replace("{shown}", String(shown)).replace("{total}", String(total))}
			</p>
			<a
				id={MORE_ID}
				className="button ajax"
				href={`${href("/stores")}${storeQueryString({ ...query, page })}`}
				// The address keeps naming the filter: back leaves the finder instead of unloading pages.
				data-ajax-history="false"
			>
				{plural(lang, next, t.stores.more)}
			</a>
		</>
	);
}

function EmptyState({ query }: { query: StoreQuery }) {
	const { t, href } = useSite();
	return (
		<div className="stores-empty">
			<svg className="stores-empty__art" viewBox="0 0 120 96" aria-hidden="true" focusable="false">
				<path className="stores-empty__wall" d="M14 40h92v46a6 6 0 0 1-6 6H20a6 6 0 0 1-6-6z" />
				<path className="stores-empty__roof" d="M8 40l10-24h84l10 24z" />
				<path className="stores-empty__door" d="M48 92V64h24v28" />
				<circle className="stores-empty__lens" cx="86" cy="24" r="14" />
				<path className="stores-empty__handle" d="M96 34l10 10" />
			</svg>
			<h3 className="stores-empty__title">{t.stores.empty.title}</h3>
			<p>{t.stores.empty.text}</p>
			<ul className="stores-empty__actions">
				{query.region && query.text && (
					<li>
						<a href={`${href("/stores")}${storeQueryString({ text: query.text })}`}>
							{t.stores.empty.everywhere.replace("{text}", query.text)}
						</a>
					</li>
				)}
				<li>
					<a href={href("/stores")}>{t.stores.empty.all}</a>
				</li>
			</ul>
		</div>
	);
}
