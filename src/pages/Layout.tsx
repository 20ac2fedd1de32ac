import type { ReactNode } from "react";
import { Navigation } from "../components/navigation/Navigation";
import { ScrollContainer } from "../components/scroll-container/ScrollContainer";
import { useSite } from "../server/site-context";
import { Document } from "./Document";

interface LayoutProps {
	title: string;
	description: string;
	/** Mounts the page components: the header's `page` and smooth scrolling on the scroll container. */
	pageBehaviours?: boolean;
	/** Private pages (a voucher): kept out of search engines. */
	noindex?: boolean;
	children: ReactNode;
}

/** The site's frame: skip link, header with navigation, the scroll container's main, footer. */
export function Layout({ title, description, pageBehaviours = false, noindex, children }: LayoutProps) {
	const { href, hrefIn, lang, path, t } = useSite();
	const other = t.languageSwitch;
	return (
		<Document title={title} description={description} noindex={noindex}>
			<a className="skip-link" href="#main">
				{t.skipToContent}
			</a>
			<header className="site-header" data-component={pageBehaviours ? "page" : undefined}>
				<a className="site-header__brand" href={href("/")} aria-label={t.brandHome}>
					<svg className="site-header__logo" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
						<circle cx="16" cy="16" r="13" fill="none" stroke="currentColor" strokeWidth="3" />
						<circle cx="16" cy="16" r="5" fill="currentColor" />
					</svg>
					<span>Lumen</span>
				</a>
				<Navigation
					label={t.mainNavigation}
					currentPath={path}
					lang={lang}
					items={[
						{ path: "/", href: href("/"), label: t.nav.home },
						{ path: "/register", href: href("/register"), label: t.nav.register },
						{ path: "/stores", href: href("/stores"), label: t.nav.stores },
					]}
				/>
				<a
					className="site-header__language"
					href={hrefIn(other.otherLang === "en" ? "en" : "cs", path)}
					hrefLang={other.otherLang}
					lang={other.otherLang}
				>
					{other.other}
				</a>
			</header>
			<ScrollContainer smooth={pageBehaviours}>
				<main id="main" tabIndex={-1}>
					{children}
				</main>
				<footer className="site-footer">
					<p>{t.footer.note}</p>
					<p>{t.footer.copyright}</p>
				</footer>
			</ScrollContainer>
		</Document>
	);
}
