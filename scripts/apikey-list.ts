/** Lists the partner API's keys (never the keys themselves): `npm run apikey:list`. */
import { runKeyCommand } from "../src/server/api/cli";
import { listApiKeys } from "../src/server/api/keys";

await runKeyCommand("apikey:list", async ({ db }) => {
	const keys = await listApiKeys(db);
	if (keys.length === 0) console.log("No API keys.");
	for (const key of keys) {
		const state = key.revokedAt ? `revoked ${key.revokedAt}` : "active";
		console.log(
			`${key.id}  ${state}  "${key.name}"  stores: ${key.storeIds.join(", ")}  ${key.ratePerMinute}/min  created ${key.createdAt}`,
		);
	}
});
