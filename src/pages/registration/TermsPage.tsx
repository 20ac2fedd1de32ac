import { useSite } from "../../server/site-context";
import { Snippet } from "../../server/snippets";
import { Layout } from "../Layout";

/** The campaign rules: a page of their own (without JavaScript), and the terms modal's content (snippet). */
export function TermsPage() {
	const { href, t } = useSite();
	const texts = t.terms;
	return (
		<Layout title={texts.title} description={texts.description}>
			<article className="terms" aria-labelledby="terms-title">
				<h1 id="terms-title">{texts.heading}</h1>
				<Snippet name="modal">
					{texts.sections.map((section) => (
						<section key={section.heading} className="terms__section">
							<h2>{section.heading}</h2>
							<p>{section.text}</p>
						</section>
					))}
				</Snippet>
				<p>
					<a className="button" href={href("/register")}>
						{texts.back}
					</a>
				</p>
			</article>
		</Layout>
	);
}
