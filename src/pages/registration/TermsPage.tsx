import type { CampaignSettings } from "../../domain/campaign/settings";
import { useSite } from "../../render/site-context";
import { Snippet } from "../../render/snippets";
import { Layout } from "../Layout";
import { campaignPeriod } from "./CampaignNotice";

/**
 * The campaign rules: a page of their own (without JavaScript), and the terms modal's content (snippet).
 * Besides the texts they state the configured period and voucher limit (`settings`): configuration,
 * the same for the process's whole life, so the render cache's key (path and texts) covers it.
 */
export function TermsPage({ settings }: { settings: CampaignSettings }) {
	const { href, lang, t } = useSite();
	const texts = t.terms;
	// The period right after the organiser.
	const period = { heading: t.campaign.period.heading, text: campaignPeriod(settings, lang, t.campaign) };
	const sections = [...texts.sections.slice(0, 1), period, ...texts.sections.slice(1)];
	return (
		<Layout title={texts.title} description={texts.description}>
			<article className="terms" aria-labelledby="terms-title">
				<h1 id="terms-title">{texts.heading}</h1>
				<Snippet name="modal">
					{sections.map((section) => (
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
