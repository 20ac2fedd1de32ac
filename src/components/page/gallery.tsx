import { LazyImage } from "./LazyImage";

export const title = "Stránka (záhlaví a líné obrázky)";

/** A small illustration as a data URL, so the gallery needs no image files. */
const ILLUSTRATION = `data:image/svg+xml,${encodeURIComponent(
	'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 480 270"><rect width="480" height="270" fill="#f6ece2"/><circle cx="240" cy="135" r="70" fill="none" stroke="#b4462a" stroke-width="14"/><circle cx="240" cy="135" r="26" fill="#b4462a"/></svg>',
)}`;

export default function PageGallery() {
	return (
		<>
			<div className="gallery__example">
				<p>
					Záhlaví stránky s komponentou <code>page</code> dostane po odrolování třídu <code>is-scrolled</code>{" "}
					(stín) a jeho výška se promítne do <code>scroll-padding-top</code>.
				</p>
				<header className="site-header is-scrolled">
					<strong>Lumen</strong>
				</header>
			</div>
			<div className="gallery__example">
				<p>
					Líný obrázek: místo má vyhrazené podle rozměrů a načte se, až se přiblíží k oknu (
					<code>is-lazy</code> → <code>is-lazy-loading</code> → <code>is-lazy-loaded</code>).
				</p>
				<LazyImage src={ILLUSTRATION} width={480} height={270} alt="Logo Lumen: kruh s tečkou uprostřed" />
			</div>
		</>
	);
}
