import { Advantage, AdvantagesCarousel } from "./AdvantagesCarousel";

export const title = "Karusel výhod";

const icon = (path: string) => (
	<svg
		aria-hidden="true"
		viewBox="0 0 48 48"
		fill="none"
		stroke="currentColor"
		strokeWidth="2.5"
		strokeLinecap="round"
		strokeLinejoin="round"
	>
		<path d={path} />
	</svg>
);

const SLIDES = [
	<Advantage
		key="value"
		icon={icon("M8 18h32v22H8zM8 18l6-10h20l6 10M24 18v22M17 29h-3")}
		title="150 Kč na cokoli z Lumenu"
	>
		<p>Poukázku uplatníte na krém, sérum i dárkovou sadu.</p>
	</Advantage>,
	<Advantage
		key="stores"
		icon={icon("M24 42s-13-12-13-22a13 13 0 0 1 26 0c0 10-13 22-13 22zM24 25a5 5 0 1 0 0-10 5 5 0 0 0 0 10z")}
		title="Tři sta drogerií"
	>
		<p>Partnerské prodejny najdete ve všech čtrnácti krajích.</p>
	</Advantage>,
	<Advantage
		key="fast"
		icon={icon("M24 6v18l10 6M24 42a18 18 0 1 0 0-36 18 18 0 0 0 0 36z")}
		title="Registrace za minutu"
	>
		<p>Jméno, e-mail, datum narození. Poukázku máte hned.</p>
	</Advantage>,
	<Advantage
		key="phone"
		icon={icon(
			"M15 4h18a3 3 0 0 1 3 3v34a3 3 0 0 1-3 3H15a3 3 0 0 1-3-3V7a3 3 0 0 1 3-3zM18 14v14M22 14v14M26 14v14M30 14v14M21 37h6",
		)}
		title="Stačí telefon"
	>
		<p>U pokladny ukážete čárový kód na displeji. Nic netisknete.</p>
	</Advantage>,
	<Advantage
		key="valid"
		icon={icon("M8 12h32v28H8zM8 20h32M16 6v10M32 6v10M17 30l5 5 9-10")}
		title="Platí 60 dní"
	>
		<p>Na nákup máte dva měsíce od registrace.</p>
	</Advantage>,
];

export default function AdvantagesCarouselGallery() {
	return (
		<>
			<div className="gallery__example">
				<h3>Bez automatického přehrávání</h3>
				<AdvantagesCarousel id="gallery-carousel" slides={SLIDES} />
			</div>
			<div className="gallery__example">
				<h3>S automatickým přehráváním</h3>
				<AdvantagesCarousel id="gallery-carousel-autoplay" slides={SLIDES} autoplay={5000} />
			</div>
		</>
	);
}
