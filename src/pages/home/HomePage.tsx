import { Accordion } from "../../components/accordion/Accordion";
import { Advantage, AdvantagesCarousel } from "../../components/advantages-carousel/AdvantagesCarousel";
import { Editable } from "../../components/content-editor/Editable";
import { IntersectionGroup } from "../../components/intersection-group/IntersectionGroup";
import { SmoothScrollLink } from "../../components/smooth-scroll/SmoothScrollLink";
import type { CampaignClosed } from "../../domain/campaign/state";
import { HOME_TEXTS } from "../../i18n/home";
import { useSite } from "../../render/site-context";
import { Layout } from "../Layout";
import { CampaignStatus } from "../registration/CampaignNotice";
import { HeroIllustration } from "./HeroIllustration";
import { ADVANTAGE_ICONS } from "./icons";

/**
 * The campaign's home page: what it is, why join, how it works, questions, and the way to register;
 * while registration is closed (`closed`), why instead of the way to register.
 */
export function HomePage({ closed }: { closed?: CampaignClosed | undefined }) {
	const { href, lang } = useSite();
	const t = HOME_TEXTS[lang];
	return (
		<Layout title={t.meta.title} description={t.meta.description}>
			<section className="hero" aria-labelledby="hero-title">
				<div className="hero__text">
					<p className="hero__eyebrow">{t.hero.eyebrow}</p>
					<Editable id="home.hero.title" as="h1" elementId="hero-title">
						{t.hero.title}
					</Editable>
					<Editable id="home.hero.lead" className="hero__lead">
						{t.hero.lead}
					</Editable>
					{closed && <CampaignStatus closed={closed} />}
					<div className="hero__actions">
						{closed ? (
							<a className="button" href={href("/stores")}>
								{t.cta.stores}
							</a>
						) : (
							<a className="button button--primary" href={href("/register")}>
								{t.hero.cta}
							</a>
						)}
						<SmoothScrollLink to="steps" className="button">
							{t.hero.how}
						</SmoothScrollLink>
					</div>
				</div>
				<HeroIllustration label={t.hero.illustration} />
			</section>

			<section className="home-section" aria-labelledby="advantages-title">
				<Editable id="home.advantages.title" as="h2" elementId="advantages-title">
					{t.advantages.title}
				</Editable>
				<AdvantagesCarousel
					id="advantages"
					autoplay={6000}
					texts={t.carousel}
					slides={t.advantages.items.map((item, index) => (
						<Advantage key={item.title} icon={ADVANTAGE_ICONS[index]} title={item.title}>
							<p>{item.text}</p>
						</Advantage>
					))}
				/>
			</section>

			<section id="steps" className="home-section steps" aria-labelledby="steps-title">
				<Editable id="home.steps.title" as="h2" elementId="steps-title">
					{t.steps.title}
				</Editable>
				<IntersectionGroup as="ol" className="steps__list" stagger={120}>
					{t.steps.items.map((step, index) => (
						<li key={step.title} className="steps__item">
							<span className="steps__number" aria-hidden="true">
								{index + 1}
							</span>
							<Editable id={`home.steps.${index + 1}.title`} as="h3">
								{step.title}
							</Editable>
							<Editable id={`home.steps.${index + 1}.text`}>{step.text}</Editable>
						</li>
					))}
				</IntersectionGroup>
			</section>

			<section className="home-section faq" aria-labelledby="faq-title">
				<Editable id="home.faq.title" as="h2" elementId="faq-title">
					{t.faq.title}
				</Editable>
				<Accordion
					exclusive="faq"
					items={t.faq.items.map((item) => ({
						id: item.id,
						title: item.question,
						content: <Editable id={`home.${item.id}.answer`}>{item.answer}</Editable>,
					}))}
				/>
			</section>

			{/* An invitation to register, which says it takes a minute: not while registration is closed. */}
			{!closed && (
				<section className="home-section call-to-action" aria-labelledby="cta-title">
					<Editable id="home.cta.title" as="h2" elementId="cta-title">
						{t.cta.title}
					</Editable>
					<Editable id="home.cta.text">{t.cta.text}</Editable>
					<div className="hero__actions">
						<a className="button button--primary" href={href("/register")}>
							{t.cta.button}
						</a>
						<a className="button" href={href("/stores")}>
							{t.cta.stores}
						</a>
					</div>
				</section>
			)}
		</Layout>
	);
}
