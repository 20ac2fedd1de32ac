import { fill } from "../../components/shared/text";
import { formatDate, formatTime } from "../../components/voucher/dates";
import { OFFLINE_NOTE_CLASS } from "../../components/voucher/offline-note";
import type { VoucherStatus } from "../../components/voucher/texts";
import { Voucher } from "../../components/voucher/Voucher";
import type { VoidReason } from "../../domain/fraud/void-reason";
import { useSite } from "../../render/site-context";
import { Layout } from "../Layout";

interface VoucherPageProps {
	code: string;
	validUntil: Date;
	status: VoucherStatus;
	redeemedAt: Date | undefined;
	/** Why it was cancelled, if it was: said instead of the voucher. */
	cancelled: VoidReason | undefined;
	/** When this state was read: a copy shown offline says it. */
	shownAt: Date;
	/** The voucher pages' service worker is built: the page registers it and links its manifest. */
	offline: boolean;
}

/**
 * The private voucher page, reached by the link in the e-mail: never indexed, never cached by HTTP
 * caches; its service worker (src/components/voucher/offline-worker.ts) keeps it in its holder's browser.
 */
export function VoucherPage({
	code,
	validUntil,
	status,
	redeemedAt,
	cancelled,
	shownAt,
	offline,
}: VoucherPageProps) {
	const { href, lang, path, t } = useSite();
	const texts = t.voucher;
	const manifest = offline ? href(`${path}/manifest.webmanifest`) : undefined;
	if (cancelled) return <CancelledVoucher reason={cancelled} shownAt={shownAt} manifest={manifest} />;
	return (
		<Layout title={texts.title} description={texts.description} noindex manifest={manifest}>
			<section className="voucher-page" aria-labelledby="voucher-page-title">
				<h1 id="voucher-page-title">{texts.heading}</h1>
				<OfflineNote shownAt={shownAt} />
				<p className="voucher-page__lead">{texts.lead}</p>
				<Voucher
					code={code}
					validUntil={validUntil}
					status={status}
					redeemedAt={redeemedAt}
					lang={lang}
					worker={offline ? href("/voucher/sw.js") : undefined}
				/>
				<ol className="voucher-page__steps">
					{texts.steps.map((step) => (
						<li key={step}>{step}</li>
					))}
				</ol>
				<p>
					<a className="button" href={href("/stores")}>
						{texts.stores}
					</a>
				</p>
			</section>
		</Layout>
	);
}

/**
 * "Shown offline, state as of …": hidden, until the service worker serves the page from its kept copy
 * and shows it (offline-note.ts). The time is this page's, as the server rendered it.
 */
function OfflineNote({ shownAt }: { shownAt: Date }) {
	const { lang, t } = useSite();
	const text = fill(t.voucher.offline, { date: formatDate(shownAt, lang), time: formatTime(shownAt, lang) });
	return (
		<p className={OFFLINE_NOTE_CLASS} role="status" data-offline-note="" hidden>
			{text}
		</p>
	);
}

/**
 * A voucher cancelled when its holder's data was erased at their request, or by an admin for breaking the
 * terms: no code, nothing to redeem.
 */
function CancelledVoucher({
	reason,
	shownAt,
	manifest,
}: {
	reason: VoidReason;
	shownAt: Date;
	manifest: string | undefined;
}) {
	const { href, t } = useSite();
	const texts =
		reason === "terms" ? { ...t.voucher.cancelled, ...t.staff.fraud.voucherPage } : t.voucher.cancelled;
	return (
		<Layout title={texts.title} description={texts.heading} noindex manifest={manifest}>
			<section className="confirmation" aria-labelledby="voucher-page-title">
				<h1 id="voucher-page-title">{texts.heading}</h1>
				<OfflineNote shownAt={shownAt} />
				<p>{texts.text}</p>
				<p>
					<a className="button" href={href("/")}>
						{t.errors.back}
					</a>
				</p>
			</section>
		</Layout>
	);
}
