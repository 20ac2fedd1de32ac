import type { ReactNode } from "react";
import type { StaffUser } from "../../server/auth/current-user";
import { useSite } from "../../server/site-context";
import { Document } from "../Document";

interface StaffLayoutProps {
	title: string;
	/** Signed in: their name, store and the sign-out button in the header. */
	user?: StaffUser | undefined;
	children: ReactNode;
}

/** The frame of the staff pages: a plain header (no campaign navigation), kept out of search engines. */
export function StaffLayout({ title, user, children }: StaffLayoutProps) {
	const { href, hrefIn, path, t } = useSite();
	const other = t.languageSwitch.otherLang === "en" ? "en" : "cs";
	return (
		<Document title={`${title} – Lumen`} description={t.staff.description} noindex>
			<a className="skip-link" href="#main">
				{t.skipToContent}
			</a>
			<header className="site-header staff-header">
				<a className="site-header__brand" href={href("/")} aria-label={t.brandHome}>
					<svg className="site-header__logo" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
						<circle cx="16" cy="16" r="13" fill="none" stroke="currentColor" strokeWidth="3" />
						<circle cx="16" cy="16" r="5" fill="currentColor" />
					</svg>
					<span>Lumen</span>
				</a>
				<span className="staff-header__area">{t.staff.area}</span>
				{user && (
					<form className="staff-header__account" method="post" action={href("/staff/logout")}>
						<span className="staff-header__user">{user.name}</span>
						<button type="submit" className="button button--small">
							{t.staff.signOut}
						</button>
					</form>
				)}
				<a className="site-header__language" href={hrefIn(other, path)} hrefLang={other} lang={other}>
					{t.languageSwitch.other}
				</a>
			</header>
			<main id="main" className="staff" tabIndex={-1}>
				{children}
			</main>
		</Document>
	);
}
