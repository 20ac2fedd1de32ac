import { scaleLinear } from "d3-scale";
import type { Lang } from "../../../i18n";
import type { RegionCode } from "../../../i18n/regions";
import { formatNumber } from "./numbers";

/**
 * A tile-grid map: each of the 14 regions is one square in roughly its place (west to east, north to
 * south), with its short name. Not outlines: no package on the npm registry this project installs from
 * serves the 14 regions' boundaries under a licence we could name (Natural Earth's admin-1 files are not
 * published there), and a tile map reads the counts as well, each region the same size whatever its area.
 */
const TILES: Record<RegionCode, { column: number; row: number; short: string }> = {
	"CZ-42": { column: 1, row: 0, short: "ÚST" },
	"CZ-51": { column: 2, row: 0, short: "LIB" },
	"CZ-52": { column: 3, row: 0, short: "HKR" },
	"CZ-41": { column: 0, row: 1, short: "KVA" },
	"CZ-20": { column: 1, row: 1, short: "STČ" },
	"CZ-10": { column: 2, row: 1, short: "PHA" },
	"CZ-53": { column: 3, row: 1, short: "PAR" },
	"CZ-71": { column: 4, row: 1, short: "OLO" },
	"CZ-80": { column: 5, row: 1, short: "MSL" },
	"CZ-32": { column: 1, row: 2, short: "PLZ" },
	"CZ-31": { column: 2, row: 2, short: "JČ" },
	"CZ-63": { column: 3, row: 2, short: "VYS" },
	"CZ-64": { column: 4, row: 2, short: "JM" },
	"CZ-72": { column: 5, row: 2, short: "ZLN" },
};

const TILE = 112;
const GAP = 6;
export const MAP_VIEWBOX = `0 0 ${6 * TILE + 5 * GAP} ${3 * TILE + 2 * GAP}`;
/** The lightest and darkest shades: the site's surface and its strong accent colour. */
const SHADES = ["#f6ece2", "#8f3219"] as const;

/** The 14 tiles, shaded from no redemptions to the region with the most (d3-scale interpolates the colour). */
export function RegionMap({ counts, lang }: { counts: ReadonlyMap<RegionCode, number>; lang: Lang }) {
	const most = Math.max(1, ...counts.values());
	const shade = scaleLinear<string>().domain([0, most]).range(SHADES);
	return (
		<g className="dashboard-map">
			{(Object.entries(TILES) as [RegionCode, (typeof TILES)[RegionCode]][]).map(([code, tile]) => {
				const count = counts.get(code) ?? 0;
				const x = tile.column * (TILE + GAP);
				const y = tile.row * (TILE + GAP);
				// The names sit on a white label whatever the shade: readable on the lightest and the darkest.
				return (
					<g key={code} className="dashboard-map__tile" data-region={code}>
						<rect x={x} y={y} width={TILE} height={TILE} rx="6" fill={shade(count)} />
						<rect
							className="dashboard-map__label"
							x={x + 10}
							y={y + 30}
							width={TILE - 20}
							height={52}
							rx="4"
						/>
						<text x={x + TILE / 2} y={y + 50} textAnchor="middle">
							{tile.short}
						</text>
						<text x={x + TILE / 2} y={y + 72} textAnchor="middle">
							{formatNumber(count, lang)}
						</text>
					</g>
				);
			})}
		</g>
	);
}
