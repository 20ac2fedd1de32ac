import { canRedeem, canSeeFigures, isAdmin, type StaffRole } from "../../domain/staff/user";
import { useSite } from "../../render/site-context";

/** The staff pages a role may open, in the order of the navigation. */
function pagesOf(role: StaffRole) {
	return [
		// Marketing's start page is /staff too, but without the till: the menu offers it only to those who redeem.
		{ path: "/staff", key: "till", shown: canRedeem(role) },
		{ path: "/staff/dashboard", key: "dashboard", shown: canSeeFigures(role) },
		{ path: "/staff/settlement", key: "settlement", shown: canSeeFigures(role) },
		{ path: "/staff/users", key: "accounts", shown: isAdmin(role) },
		{ path: "/staff/settings", key: "settings", shown: isAdmin(role) },
		{ path: "/staff/fraud", key: "fraud", shown: isAdmin(role) },
		{ path: "/staff/api-keys", key: "apiKeys", shown: isAdmin(role) },
		{ path: "/staff/audit", key: "audit", shown: isAdmin(role) },
	] as const;
}

/**
 * The staff area's navigation for a signed-in user: only the pages their role may open (the routes refuse
 * the others anyway), the current one marked. The till page is everyone's start page.
 */
export function StaffNav({ role }: { role: StaffRole }) {
	const { t, href, path } = useSite();
	const pages = pagesOf(role).filter((page) => page.shown);
	if (pages.length < 2) return null;
	return (
		<nav className="staff-nav" aria-label={t.staff.nav.label}>
			<ul>
				{pages.map((page) => (
					<li key={page.key}>
						<a
							href={href(page.path)}
							aria-current={
								path === page.path || (page.path !== "/staff" && path.startsWith(`${page.path}/`))
									? "page"
									: undefined
							}
						>
							{t.staff.nav[page.key]}
						</a>
					</li>
				))}
			</ul>
		</nav>
	);
}
