export const title = "Posuvná oblast";

const ITEMS = [
	"Praha",
	"Brno",
	"Ostrava",
	"Plzeň",
	"Liberec",
	"Olomouc",
	"České Budějovice",
	"Hradec Králové",
];

export default function ScrollContainerGallery() {
	return (
		<>
			<div className="gallery__example">
				<p>
					Stránka s plynulým posouváním má vlastní posuvník (jen pro myš, čtečky a klávesnice posouvají
					stránku nativně). Na dotykových zařízeních, v Androidu a iOS, ve starém IE/Edge, v režimu úprav
					obsahu a při omezeném pohybu zůstává nativní posouvání.
				</p>
			</div>
			<div className="gallery__example">
				<p id="gallery-nested-scroll-label">
					Vnořená posuvná oblast se posouvá sama, stránka až po jejím konci:
				</p>
				{/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard */}
				<ul className="scroll-demo" tabIndex={0} aria-labelledby="gallery-nested-scroll-label">
					{ITEMS.map((city) => (
						<li key={city}>{city}</li>
					))}
				</ul>
			</div>
		</>
	);
}
