import type { ReactNode } from "react";
import { ScrollContainer } from "../components/scroll-container/ScrollContainer";
import { useSite } from "../server/site-context";
import { Document } from "./Document";

interface LayoutProps {
	title: string;
	description: string;
	/** Mounts the page components: the header's `page` and smooth scrolling on the scroll container. */
	pageBehaviours?: boolean;
	children: ReactNode;
}

/** The site's frame: skip link, header with navigation, the scroll container's main, footer. */
export function Layout({ title, description, pageBehaviours = false, children }: LayoutProps) {
	const { href } = useSite();
	return (
		<Document title={title} description={description}>
			<a className="skip-link" href="#main">
				Přeskočit na obsah
			</a>
			<header className="site-header" data-component={pageBehaviours ? "page" : undefined}>
				<a className="site-header__brand" href={href("/")}>
					<svg className="site-header__logo" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
						<circle cx="16" cy="16" r="13" fill="none" stroke="currentColor" strokeWidth="3" />
						<circle cx="16" cy="16" r="5" fill="currentColor" />
					</svg>
					<span>Lumen</span>
				</a>
				<nav className="site-nav" aria-label="Hlavní navigace">
					<ul>
						<li>
							<a href={href("/")}>Kampaň</a>
						</li>
						<li>
							<a href={href("/register")}>Registrace</a>
						</li>
						<li>
							<a href={href("/stores")}>Prodejny</a>
						</li>
					</ul>
				</nav>
			</header>
			<ScrollContainer smooth={pageBehaviours}>
				<main id="main" tabIndex={-1}>
					{children}
				</main>
				<footer className="site-footer">
					<p>© 2026 Lumen s.r.o. Kampaň platí do vyčerpání zásob u partnerských drogerií.</p>
				</footer>
			</ScrollContainer>
		</Document>
	);
}
