import type { VoucherStatus } from "../../components/voucher/texts";
import { Voucher } from "../../components/voucher/Voucher";
import { useSite } from "../../server/site-context";
import { Layout } from "../Layout";

interface VoucherPageProps {
	code: string;
	validUntil: Date;
	status: VoucherStatus;
	redeemedAt: Date | undefined;
}

/** The private voucher page, reached by the link in the e-mail: never indexed, never cached. */
export function VoucherPage({ code, validUntil, status, redeemedAt }: VoucherPageProps) {
	const { href, lang, t } = useSite();
	const texts = t.voucher;
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
