import { SmoothScrollLink } from "../components/smooth-scroll/SmoothScrollLink";
import { useSite } from "../server/site-context";
import { Layout } from "./Layout";

export function HomePage() {
	const { href } = useSite();
	return (
		<Layout
			pageBehaviours
			title="Lumen – poukázka 150 Kč na vaši péči o pleť"
			description="Zaregistrujte se a získejte poukázku Lumen v hodnotě 150 Kč na jakýkoli produkt v partnerských drogeriích."
		>
			<section className="hero" aria-labelledby="hero-title">
				<h1 id="hero-title">Poukázka 150 Kč na péči Lumen</h1>
				<p className="hero__lead">
					Zaregistrujte se, získejte osobní poukázku s čárovým kódem a uplatněte ji na jakýkoli produkt Lumen
					v jedné z&nbsp;partnerských drogerií po celé České republice.
				</p>
				<a className="button button--primary" href={href("/register")}>
					Získat poukázku
				</a>{" "}
				<SmoothScrollLink to="steps" className="button">
					Jak to funguje
				</SmoothScrollLink>
			</section>
			<section className="steps" aria-labelledby="steps-title">
				<h2 id="steps-title">Jak to funguje</h2>
				<ol>
					<li>Vyplňte krátkou registraci – stačí jméno, e-mail a datum narození.</li>
					<li>Poukázku s čárovým kódem dostanete ihned a také e-mailem.</li>
					<li>Do 60 dnů ji ukažte u pokladny partnerské drogerie.</li>
				</ol>
			</section>
		</Layout>
	);
}
