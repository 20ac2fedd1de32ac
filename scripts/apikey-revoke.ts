/** Revokes a partner API key: `npm run apikey:revoke -- <key id>`; its next request gets 401. */
import { runKeyCommand } from "../src/server/api/cli";
import { ApiKeyError, revokeApiKey } from "../src/server/api/keys";

await runKeyCommand("apikey:revoke", async ({ db }) => {
	const [id, ...rest] = process.argv.slice(2);
	if (!id || rest.length > 0)
		throw new ApiKeyError("usage: npm run apikey:revoke -- <key id> (see npm run apikey:list)");
	await revokeApiKey(db, id);
	console.log(`Revoked the API key ${id}.`);
});
