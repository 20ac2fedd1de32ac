import { Navigation } from "./Navigation";

export const title = "Navigace";

const ITEMS = [
	{ path: "/", href: "#gallery-navigation", label: "Campaign" },
	{ path: "/register", href: "#gallery-navigation", label: "Register" },
	{ path: "/stores", href: "#gallery-navigation", label: "Stores" },
	{ path: "/staff", href: "#gallery-navigation", label: "For stores" },
];

/** The site's own navigation is in the header above; this one is the English markup on a store's page. */
export default function NavigationGallery() {
	return (
		<div className="gallery__example" lang="en">
			<h3>English, on a store's page (/stores/…)</h3>
			<div className="gallery__navigation">
				<Navigation
					id="gallery-navigation-en"
					label="Main navigation (example)"
					items={ITEMS}
					currentPath="/stores/praha-vinohrady"
					lang="en"
				/>
			</div>
		</div>
	);
}
