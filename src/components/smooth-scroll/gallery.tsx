import { SmoothScrollLink } from "./SmoothScrollLink";

export const title = "Plynulé posunutí";

export default function SmoothScrollGallery() {
	return (
		<>
			<div className="gallery__example">
				<SmoothScrollLink to="gallery-smooth-scroll-target" className="button">
					Posunout k cíli (odsazení 20 px)
				</SmoothScrollLink>{" "}
				<SmoothScrollLink to="gallery-smooth-scroll-target" offset={0} className="button">
					Posunout k cíli bez odsazení
				</SmoothScrollLink>
			</div>
			<p id="gallery-smooth-scroll-target" className="gallery__example">
				Cíl posunutí: po doběhnutí na něj přejde fokus.
			</p>
		</>
	);
}
