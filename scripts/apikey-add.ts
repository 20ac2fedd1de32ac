/**
 * Issues a partner chain's API key: `npm run apikey:add -- --name <label> --store <id> [--store <id> …]
 * [--rate <requests per minute>]`. The key is printed once, as the last word of the output; only its
 * hash is stored. Uses the server's configuration.
 */
import { parseArgs } from "node:util";
import { runKeyCommand } from "../src/server/api/cli";
import { ApiKeyError, createApiKey, DEFAULT_RATE_LIMIT_PER_MINUTE } from "../src/server/api/keys";

await runKeyCommand("apikey:add", async ({ db }) => {
	let values: { name?: string; store?: string[]; rate?: string };
	try {
		({ values } = parseArgs({
			options: {
				name: { type: "string" },
				store: { type: "string", multiple: true },
				rate: { type: "string" },
			},
		}));
	} catch (error) {
		throw new ApiKeyError((error as Error).message);
	}
	const rate = values.rate === undefined ? DEFAULT_RATE_LIMIT_PER_MINUTE : Number(values.rate);
	const storeIds = values.store ?? [];
	const { id, key } = await createApiKey(db, { name: values.name ?? "", storeIds, ratePerMinute: rate });
	console.log(
		`Created the API key ${id} "${values.name?.trim()}" for ${storeIds.join(", ")} (${rate} requests a minute).`,
	);
	console.log("It is shown only this once; only its hash is stored. The key:");
	console.log(key);
});
