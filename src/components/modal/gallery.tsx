import { useSite } from "../../render/site-context";
import { Snippet } from "../../render/snippets";
import { snippetId } from "../../snippet-names";
import { ModalOpener } from "../modal-opener/ModalOpener";
import { Modal } from "./Modal";

export const title = "Modální okno";

/** Content an opener loads: here a snippet of this page, as the campaign rules are one of /pravidla. */
function OpeningHours() {
	return (
		<>
			<p>Partnerské drogerie mají otevřeno podle svých obvyklých hodin, většinou:</p>
			<ul>
				<li>pondělí až pátek 8:00–20:00,</li>
				<li>sobota 8:00–18:00,</li>
				<li>neděle a svátky 9:00–17:00 (v obchodních centrech).</li>
			</ul>
			<p>Přesnou otevírací dobu najdete u každé prodejny v seznamu prodejen.</p>
		</>
	);
}

export default function ModalGallery() {
	const { url } = useSite();
	const page = url("/_components");
	return (
		<>
			<div className="gallery__example">
				<h3>Obsah v dokumentu</h3>
				<p>
					<ModalOpener modal="gallery-modal-rules" className="button">
						Pravidla kampaně
					</ModalOpener>
				</p>
				<Modal id="gallery-modal-rules" title="Pravidla kampaně">
					<p>
						Poukázku v hodnotě 150 Kč získá každý, komu je alespoň 18 let a zaregistruje se na tomto webu. Na
						jednu osobu připadá jedna poukázka.
					</p>
					<p>
						Poukázka platí 60 dní od registrace a lze ji jednou uplatnit na jakýkoli produkt Lumen v
						partnerské drogerii. Nelze ji vyměnit za hotovost ani vrátit rozdíl ceny.
					</p>
					<p>
						Pořadatelem kampaně je Lumen s.r.o., Vinohradská 12, 120 00 Praha 2. Kampaň trvá do vyčerpání
						zásob, nejdéle do 31. 12. 2026.
					</p>
				</Modal>
			</div>
			<div className="gallery__example">
				<h3>Obsah načtený ajaxem</h3>
				<p>
					<ModalOpener
						modal="gallery-modal-loaded"
						url={page}
						href={`${page}#${snippetId("gallery-modal-hours")}`}
						snippet="gallery-modal-hours"
						className="button"
					>
						Otevírací doba prodejen
					</ModalOpener>{" "}
					<ModalOpener
						modal="gallery-modal-loaded"
						url={url("/_components/nenalezeno")}
						snippet="gallery-modal-hours"
						className="button"
					>
						Obsah, který se nenačte
					</ModalOpener>
				</p>
				<Modal id="gallery-modal-loaded" title="Otevírací doba prodejen" />
				<div>
					<p>Obsah, který openery načítají (bez JavaScriptu na něj odkazují):</p>
					<Snippet name="gallery-modal-hours">
						<OpeningHours />
					</Snippet>
				</div>
			</div>
		</>
	);
}
