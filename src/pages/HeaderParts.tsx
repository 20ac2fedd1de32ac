import { useSite } from "../render/site-context";

/** The logo and name, linking home: the start of every page's header. */
export function BrandLink() {
	const { href, t } = useSite();
	return (
		<a className="site-header__brand" href={href("/")} aria-label={t.brandHome}>
			<svg className="site-header__logo" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
				<circle cx="16" cy="16" r="13" fill="none" stroke="currentColor" strokeWidth="3" />
				<circle cx="16" cy="16" r="5" fill="currentColor" />
			</svg>
			<span>Lumen</span>
		</a>
	);
}

/** This page in the other language, named in that language. */
export function LanguageSwitch() {
	const { hrefIn, path, t } = useSite();
	const other = t.languageSwitch.otherLang === "en" ? "en" : "cs";
	return (
		<a className="site-header__language" href={hrefIn(other, path)} hrefLang={other} lang={other}>
			{t.languageSwitch.other}
		</a>
	);
}
