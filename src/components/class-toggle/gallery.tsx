import { ClassToggle } from "./ClassToggle";

export const title = "Class toggle";

export default function ClassToggleGallery() {
	return (
		<>
			<div className="gallery__example">
				<ClassToggle controls="gallery-toggle-panel">Zobrazit podrobnosti</ClassToggle>
				<p id="gallery-toggle-panel" className="class-toggle-demo">
					Panel, kterému tlačítko přepíná třídu <code>is-active</code>.
				</p>
			</div>
			<div className="gallery__example">
				<ClassToggle controls="gallery-toggle-pressed" kind="pressed" active className="is-highlighted">
					Zvýraznit
				</ClassToggle>
				<p id="gallery-toggle-pressed" className="class-toggle-demo is-highlighted">
					Zvýrazněný odstavec (výchozí stav zapnuto).
				</p>
			</div>
		</>
	);
}
