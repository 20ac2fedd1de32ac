import type { ReactNode } from "react";
import { ScrollContainer } from "../../components/scroll-container/ScrollContainer";
import type { StaffUser } from "../../domain/staff/user";
import { useSite } from "../../render/site-context";
import { Document } from "../Document";
import { BrandLink, LanguageSwitch } from "../HeaderParts";
import { StaffNav } from "./StaffNav";

interface StaffLayoutProps {
	title: string;
	/** Signed in: their name, store and the sign-out button in the header. */
	user?: StaffUser | undefined;
	children: ReactNode;
}

/**
 * The frame of the staff pages, kept out of search engines: the site's two regions, with a plain
 * header (no campaign navigation) and no footer in the scroll container.
 */
export function StaffLayout({ title, user, children }: StaffLayoutProps) {
	const { href, t } = useSite();
	return (
		<Document title={`${title} – Lumen`} description={t.staff.description} noindex staff>
			<a className="skip-link" href="#main">
				{t.skipToContent}
			</a>
			<header className="site-header staff-header" data-component="page">
				<BrandLink />
				<span className="staff-header__area">{t.staff.area}</span>
				{user && (
					<form className="staff-header__account" method="post" action={href("/staff/logout")}>
						<span className="staff-header__user">{user.name}</span>
						<button type="submit" className="button button--small">
							{t.staff.signOut}
						</button>
					</form>
				)}
				<LanguageSwitch />
			</header>
			<ScrollContainer>
				<main id="main" className="staff" tabIndex={-1}>
					{user && <StaffNav role={user.role} />}
					{children}
				</main>
			</ScrollContainer>
		</Document>
	);
}
