/** Partner stores: the seed, reading them, and the store finder page (/stores). */
export { StoreCatalog, type StoreSnapshot } from "./catalog";
export { type OpeningStatus, openingStatus, type WeekHours } from "./hours";
export { STORES_PER_PAGE } from "./query";
export { storeRoutes } from "./routes";
export { seedStores } from "./seed";
export { listStores, type Store, type StoreFilter, type StoreList, storesByRegion } from "./stores";
