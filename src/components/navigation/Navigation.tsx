import type { ReactNode } from "react";
import type { Lang } from "../../i18n";
import { NavigationOpener } from "../navigation-opener/NavigationOpener";

export interface NavigationItem {
	/** The page's path in its language, compared with `currentPath` ('/register'). */
	path: string;
	/** The link (base path and language prefix included). */
	href: string;
	label: string;
}

export interface NavigationTexts {
	/** The opener's label. */
	menu: string;
	/** The link that closes the panel without JavaScript. */
	close: string;
}

export const NAVIGATION_TEXTS: Record<Lang, NavigationTexts> = {
	cs: { menu: "Menu", close: "Zavřít menu" },
	en: { menu: "Menu", close: "Close menu" },
};

interface NavigationProps {
	/** Prefix of the ids inside (the panel is `<id>-panel`). */
	id?: string;
	/** The landmark's accessible name ("Hlavní navigace"). */
	label: string;
	items: NavigationItem[];
	/** The current page's path: its item is marked aria-current="page", a section's parent "true". */
	currentPath: string;
	lang?: Lang;
	/** More of the panel after the links (the language switch). */
	children?: ReactNode;
}

function currentness(item: NavigationItem, currentPath: string): "page" | "true" | undefined {
	if (item.path === currentPath) return "page";
	return item.path !== "/" && currentPath.startsWith(`${item.path}/`) ? "true" : undefined;
}

/**
 * The site navigation: a horizontal menu from the medium breakpoint, below it a panel that the opener
 * (a link to the panel) shows. Without JavaScript the link shows the panel by CSS `:target`; the
 * navigation component then makes it a proper overlay with focus management and a scroll lock.
 */
export function Navigation({
	id = "navigation",
	label,
	items,
	currentPath,
	lang = "cs",
	children,
}: NavigationProps) {
	const texts = NAVIGATION_TEXTS[lang];
	const panel = `${id}-panel`;
	return (
		<nav className="navigation" id={id} aria-label={label} data-component="navigation">
			<NavigationOpener panel={panel} label={texts.menu} />
			<div className="navigation__panel" id={panel}>
				<ul className="navigation__list">
					{items.map((item) => (
						<li key={item.path}>
							<a className="navigation__link" href={item.href} aria-current={currentness(item, currentPath)}>
								{item.label}
							</a>
						</li>
					))}
				</ul>
				{children && <div className="navigation__extra">{children}</div>}
				<a className="navigation__close" href="#top">
					{texts.close}
				</a>
			</div>
		</nav>
	);
}
