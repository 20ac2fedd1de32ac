/** Partner stores: the seed, reading them, and the store finder page (/stores). */

export { type OpeningStatus, openingStatus, type WeekHours } from "../../domain/stores/hours";
export { STORES_PER_PAGE } from "../../domain/stores/query";
export {
	listStores,
	type Store,
	type StoreFilter,
	type StoreList,
	storesByRegion,
} from "../../domain/stores/stores";
export { StoreCatalog, type StoreSnapshot } from "./catalog";
export { storeRoutes } from "./routes";
export { seedStores } from "./seed";
