import { DropdownMenu, DropdownSelect } from "./Dropdown";

export const title = "Rozbalovací nabídka";

const REGIONS = [
	{ value: "praha", label: "Hlavní město Praha" },
	{ value: "jihomoravsky", label: "Jihomoravský kraj" },
	{ value: "moravskoslezsky", label: "Moravskoslezský kraj" },
	{ value: "plzensky", label: "Plzeňský kraj" },
];

export default function DropdownGallery() {
	return (
		<>
			<div className="gallery__example">
				<DropdownSelect
					id="gallery-dropdown-region"
					name="region"
					label="Kraj"
					placeholder="Všechny kraje"
					options={REGIONS}
				/>
			</div>
			<div className="gallery__example">
				<DropdownSelect
					id="gallery-dropdown-region-error"
					name="store"
					label="Prodejna"
					placeholder="Vyberte prodejnu"
					options={REGIONS}
					error="Vyberte prodejnu, ve které poukázku uplatníte."
				/>
			</div>
			{/* Last, side by side: an open menu covers only the text that follows the gallery section. */}
			<form className="gallery__example" action="#gallery-dropdown">
				<DropdownMenu
					id="gallery-dropdown-language"
					label="Jazyk: čeština"
					items={[
						{ label: "Čeština", href: "#gallery-dropdown", current: true },
						{ label: "English", href: "#gallery-dropdown" },
					]}
				/>{" "}
				<DropdownMenu
					id="gallery-dropdown-sort"
					label="Řadit prodejny"
					alignEnd
					items={[
						{ label: "Podle města", name: "sort", value: "city", current: true },
						{ label: "Podle názvu", name: "sort", value: "name" },
						{ label: "Nejdéle otevřené", name: "sort", value: "hours" },
					]}
				/>
			</form>
		</>
	);
}
