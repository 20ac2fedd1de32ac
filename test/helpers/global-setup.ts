import type { TestProject } from "vitest/node";
import { launchBrowserServer } from "./browser";
import { startServer } from "./server";

/** One Chromium and one test server for the whole browser suite; files that need another config start their own. */
export default async function setup(project: TestProject) {
	const browserServer = await launchBrowserServer();
	const server = await startServer().catch(async (error: unknown) => {
		await browserServer.close();
		throw error;
	});
	project.provide("wsEndpoint", browserServer.wsEndpoint());
	project.provide("origin", server.origin);
	return async () => {
		await Promise.all([browserServer.close(), server.stop()]);
	};
}
