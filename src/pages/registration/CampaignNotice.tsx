import { fill } from "../../components/shared/text";
import type { CampaignSettings } from "../../domain/campaign/settings";
import type { CampaignClosed } from "../../domain/campaign/state";
import type { Lang } from "../../i18n";
import type { CampaignMessages } from "../../i18n/campaign";
import { formatDate } from "../../prague-time";
import { useSite } from "../../render/site-context";
import { type PluralForms, plural } from "../stores/format";

const NUMBERS: Record<Lang, Intl.NumberFormat> = {
	cs: new Intl.NumberFormat("cs-CZ"),
	en: new Intl.NumberFormat("en-GB"),
};

/** The form a count asks for, with the number as the language writes it ("50 000 poukázek"). */
function count(lang: Lang, value: number, forms: PluralForms): string {
	return plural(lang, value, forms).replaceAll("{number}", NUMBERS[lang].format(value));
}

/** The campaign's period and limit as the rules state them, also when no start or end is set. */
export function campaignPeriod(settings: CampaignSettings, lang: Lang, t: CampaignMessages): string {
	const { start, end } = settings;
	const texts = t.period;
	const text = start ? (end ? texts.fromTo : texts.from) : end ? texts.to : texts.untilGone;
	return fill(text, {
		start: start ? formatDate(start, lang) : "",
		end: end ? formatDate(end, lang) : "",
		vouchers: count(lang, settings.voucherLimit, texts.vouchers),
	});
}

/** Why registration is closed, in one sentence: "Registrace začne 1. března 2026." */
function closedText({ reason, settings }: CampaignClosed, lang: Lang, t: CampaignMessages): string {
	if (reason === "sold-out") return count(lang, settings.voucherLimit, t.closed.soldOut);
	// Each reason has its date: not-started needs a start, ended an end.
	const [text, day] =
		reason === "not-started" ? [t.closed.notStarted, settings.start] : [t.closed.ended, settings.end];
	const date = day ? formatDate(day, lang) : "";
	return fill(text, { start: date, end: date });
}

/** The notice's sentences: why, and (once vouchers were issued) that they keep working. */
function NoticeText({ closed }: { closed: CampaignClosed }) {
	const { lang, t } = useSite();
	return (
		<>
			<p className="campaign-notice__reason">{closedText(closed, lang, t.campaign)}</p>
			{closed.reason !== "not-started" && <p>{t.campaign.closed.stillValid}</p>}
		</>
	);
}

/** On the home page, at the call to action: a status that says why registration is closed. */
export function CampaignStatus({ closed }: { closed: CampaignClosed }) {
	return (
		<div className="campaign-notice" role="status">
			<NoticeText closed={closed} />
		</div>
	);
}

/** In place of the registration form: a heading, the status and the way back home. */
export function RegistrationClosed({ closed }: { closed: CampaignClosed }) {
	const { href, t } = useSite();
	return (
		<section className="campaign-notice" aria-labelledby="registration-closed-title">
			<h2 id="registration-closed-title">{t.campaign.closed.heading[closed.reason]}</h2>
			<div role="status">
				<NoticeText closed={closed} />
			</div>
			<p>
				<a className="button" href={href("/")}>
					{t.campaign.closed.home}
				</a>
			</p>
		</section>
	);
}
