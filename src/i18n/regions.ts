import type { Lang } from "./index";

/** The fourteen regions (kraje) of the Czech Republic, by their ISO 3166-2:CZ codes. */
export const REGIONS = {
	"CZ-10": { cs: "Hlavní město Praha", en: "Prague" },
	"CZ-20": { cs: "Středočeský kraj", en: "Central Bohemian Region" },
	"CZ-31": { cs: "Jihočeský kraj", en: "South Bohemian Region" },
	"CZ-32": { cs: "Plzeňský kraj", en: "Plzeň Region" },
	"CZ-41": { cs: "Karlovarský kraj", en: "Karlovy Vary Region" },
	"CZ-42": { cs: "Ústecký kraj", en: "Ústí nad Labem Region" },
	"CZ-51": { cs: "Liberecký kraj", en: "Liberec Region" },
	"CZ-52": { cs: "Královéhradecký kraj", en: "Hradec Králové Region" },
	"CZ-53": { cs: "Pardubický kraj", en: "Pardubice Region" },
	"CZ-63": { cs: "Kraj Vysočina", en: "Vysočina Region" },
	"CZ-64": { cs: "Jihomoravský kraj", en: "South Moravian Region" },
	"CZ-71": { cs: "Olomoucký kraj", en: "Olomouc Region" },
	"CZ-72": { cs: "Zlínský kraj", en: "Zlín Region" },
	"CZ-80": { cs: "Moravskoslezský kraj", en: "Moravian-Silesian Region" },
} as const;

export type RegionCode = keyof typeof REGIONS;

export function isRegionCode(value: unknown): value is RegionCode {
	return typeof value === "string" && Object.hasOwn(REGIONS, value);
}

export function regionName(code: RegionCode, lang: Lang): string {
	return REGIONS[code][lang];
}
