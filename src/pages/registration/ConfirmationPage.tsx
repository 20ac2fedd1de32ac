import { useSite } from "../../render/site-context";
import { Layout } from "../Layout";

export type ConfirmationRefusal = "person" | "closed" | "sold-out" | "expired" | "unknown";

/** A confirmation link that issues no voucher: why, kindly, and what to do next. */
export function ConfirmationPage({ refusal }: { readonly refusal: ConfirmationRefusal }) {
	const { href, t } = useSite();
	const texts = t.register.confirm;
	const shown = texts[refusal];
	const again = refusal === "expired" || refusal === "unknown";
	return (
		<Layout title={shown.title} description={shown.heading} noindex>
			<section className="confirmation" aria-labelledby="confirmation-title">
				<h1 id="confirmation-title">{shown.heading}</h1>
				<p>{shown.text}</p>
				<p>
					<a className="button" href={href(again ? "/register" : "/")}>
						{again ? texts.register : texts.back}
					</a>
				</p>
			</section>
		</Layout>
	);
}
