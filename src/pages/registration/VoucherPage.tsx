import type { VoucherStatus } from "../../components/voucher/texts";
import { Voucher } from "../../components/voucher/Voucher";
import { useSite } from "../../server/site-context";
import { Layout } from "../Layout";

interface VoucherPageProps {
	code: string;
	validUntil: Date;
	status: VoucherStatus;
	redeemedAt: Date | undefined;
	/** Cancelled at the holder's request: said instead of the voucher. */
	cancelled: boolean;
}

/** The private voucher page, reached by the link in the e-mail: never indexed, never cached. */
export function VoucherPage({ code, validUntil, status, redeemedAt, cancelled }: VoucherPageProps) {
	const { href, lang, t } = useSite();
	const texts = t.voucher;
	if (cancelled) return <CancelledVoucher />;
	return (
		<Layout title={texts.title} description={texts.description} noindex>
			<section className="voucher-page" aria-labelledby="voucher-page-title">
				<h1 id="voucher-page-title">{texts.heading}</h1>
				<p className="voucher-page__lead">{texts.lead}</p>
				<Voucher code={code} validUntil={validUntil} status={status} redeemedAt={redeemedAt} lang={lang} />
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

/** A voucher cancelled when its holder's data was erased at their request: no code, nothing to redeem. */
function CancelledVoucher() {
	const { href, t } = useSite();
	const texts = t.voucher.cancelled;
	return (
		<Layout title={texts.title} description={texts.heading} noindex>
			<section className="confirmation" aria-labelledby="voucher-page-title">
				<h1 id="voucher-page-title">{texts.heading}</h1>
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
