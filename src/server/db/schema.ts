/** Row types of the database, as Kysely sees them. */
export interface AppMetaTable {
	key: string;
	value: string;
}

export interface Database {
	app_meta: AppMetaTable;
}
