import { type DayIndex, openingStatus, type WeekHours } from "../../domain/stores/hours";
import type { Store } from "../../domain/stores/stores";
import { regionName } from "../../i18n/regions";
import { pragueClock } from "../../prague-time";
import { useSite } from "../../render/site-context";
import { formatIntervals, formatTime, groupDays } from "./format";

/** mapy.cz finds the address itself; a search link needs no API key and no coordinates we do not have. */
const mapUrl = (store: Store) =>
	`https://mapy.cz/zakladni?q=${encodeURIComponent(`${store.street}, ${store.postcode} ${store.city}`)}`;

/** One store of the finder: name, address, whether it is open now, the week's hours, a map link. */
export function StoreCard({ store, now }: { store: Store; now: Date }) {
	const { t, lang } = useSite();
	return (
		<li className="store-card">
			<h3 className="store-card__name">{store.name}</h3>
			<p className="store-card__address">
				{store.street}
				<br />
				{store.postcode} {store.city}
				<br />
				<span className="store-card__region">{regionName(store.region, lang)}</span>
			</p>
			{store.hours ? (
				<>
					<OpenNow hours={store.hours} now={now} />
					<WeekTable hours={store.hours} today={pragueClock(now).day} />
				</>
			) : (
				<p className="store-card__note">{t.stores.hoursUnknown}</p>
			)}
			<a className="store-card__map" href={mapUrl(store)}>
				{t.stores.map}
				<span className="visually-hidden">: {store.name}</span>
			</a>
		</li>
	);
}

function OpenNow({ hours, now }: { hours: WeekHours; now: Date }) {
	const { t } = useSite();
	const status = openingStatus(hours, now);
	if (status.open) {
		return (
			<p className="store-status store-status--open">
				{t.stores.openUntil.replace("{time}", formatTime(status.closes))}
			</p>
		);
	}
	const opens = status.opens;
	const when = !opens
		? undefined
		: (opens.inDays === 0
				? t.stores.opensToday
				: opens.inDays === 1
					? t.stores.opensTomorrow
					: t.stores.opensOn
			)
				.replace("{day}", t.stores.onDays[opens.day] ?? "")
				.replace("{time}", formatTime(opens.time));
	return (
		<p className="store-status store-status--closed">
			{t.stores.closedNow}
			{when && ` · ${when}`}
		</p>
	);
}

function WeekTable({ hours, today }: { hours: WeekHours; today: DayIndex }) {
	const { t } = useSite();
	const { days, daysShort } = t.stores;
	return (
		<table className="store-hours">
			<caption className="store-hours__caption">{t.stores.hours}</caption>
			<tbody>
				{groupDays(hours).map(({ from, to, intervals }) => {
					const isToday = from <= today && today <= to;
					const spoken =
						from === to
							? days[from]
							: t.stores.dayRange.replace("{from}", days[from] ?? "").replace("{to}", days[to] ?? "");
					return (
						<tr
							key={from}
							className={isToday ? "is-today" : undefined}
							aria-current={isToday ? "date" : undefined}
						>
							<th scope="row">
								<span aria-hidden="true">
									{from === to ? daysShort[from] : `${daysShort[from]}–${daysShort[to]}`}
								</span>
								<span className="visually-hidden">
									{spoken}
									{isToday && ` (${t.stores.today})`}
								</span>
							</th>
							<td>{intervals.length ? formatIntervals(intervals) : t.stores.closedDay}</td>
						</tr>
					);
				})}
			</tbody>
		</table>
	);
}
