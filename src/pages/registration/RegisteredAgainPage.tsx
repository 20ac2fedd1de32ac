import { useSite } from "../../server/site-context";
import { Layout } from "../Layout";

/** After a registration with an e-mail that already has a voucher: its link was e-mailed again. */
export function RegisteredAgainPage() {
	const { href, t } = useSite();
	const texts = t.register.again;
	return (
		<Layout title={texts.title} description={texts.text} noindex>
			<section className="register-again" aria-labelledby="register-again-title">
				<h1 id="register-again-title">{texts.heading}</h1>
				<p role="status">{texts.text}</p>
				<a className="button" href={href("/")}>
					{texts.back}
				</a>
			</section>
		</Layout>
	);
}
