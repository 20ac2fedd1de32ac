import type { TestProject } from "vitest/node";
import { launchBrowserServer } from "./browser";
import { startServer } from "./server";

/**
 * One Chromium for the whole browser suite, and one test server per worker: the files of one worker
 * run one after another against their own server, so files running at the same time on other workers
 * never see each other's registrations, limits or settings. Files that need another config start
 * their own.
 */
export default async function setup(project: TestProject) {
	const browserServer = await launchBrowserServer();
	const workers = Math.max(1, project.vitest.config.maxWorkers ?? 1);
	const started = await Promise.allSettled(Array.from({ length: workers }, () => startServer()));
	const servers = started.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
	const failed = started.find((result) => result.status === "rejected");
	if (failed) {
		await Promise.all([browserServer.close(), ...servers.map((server) => server.stop())]);
		throw failed.reason;
	}
	project.provide("wsEndpoint", browserServer.wsEndpoint());
	project.provide(
		"origins",
		servers.map((server) => server.origin),
	);
	return async () => {
		await Promise.all([browserServer.close(), ...servers.map((server) => server.stop())]);
	};
}
