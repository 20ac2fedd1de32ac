import type { ReactNode } from "react";
import { Navigation } from "../components/navigation/Navigation";
import { ScrollContainer } from "../components/scroll-container/ScrollContainer";
import { useSite } from "../render/site-context";
import { Document } from "./Document";
import { BrandLink, LanguageSwitch } from "./HeaderParts";

interface LayoutProps {
	title: string;
	description: string;
	/** Private pages (a voucher): kept out of search engines. */
	noindex?: boolean;
	/** The page's web app manifest (Document). */
	manifest?: string | undefined;
	children: ReactNode;
}

/**
 * The site's frame: skip link, the header region (its `page` component) with navigation, and the scroll
 * container (smooth scrolling where native scrolling is not forced) holding main and the footer.
 */
export function Layout({ title, description, noindex, manifest, children }: LayoutProps) {
	const { href, lang, path, t } = useSite();
	return (
		<Document title={title} description={description} noindex={noindex} manifest={manifest}>
			<a className="skip-link" href="#main">
				{t.skipToContent}
			</a>
			<header className="site-header" data-component="page">
				<BrandLink />
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
				<LanguageSwitch />
			</header>
			<ScrollContainer>
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
