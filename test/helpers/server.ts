import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";

export interface TestServer {
	/** http://127.0.0.1:<port> (without the base path) */
	readonly origin: string;
	readonly process: ChildProcess;
	/** Everything the server logged, one line per entry. */
	readonly logs: string[];
	stop(): Promise<number | null>;
}

/**
 * Starts a built server (the test server of `npm run build:test` by default, in TEST_DIST) on a free
 * 127.0.0.1 port with its own empty data folder, and resolves once it listens.
 */
export async function startServer(
	options: { entry?: string; env?: Record<string, string> } = {},
): Promise<TestServer> {
	const dataDir = mkdtempSync(join(tmpdir(), "lumen-test-"));
	const testDist = process.env.TEST_DIST || "dist/test";
	const child = spawn(process.execPath, [options.entry ?? `${testDist}/server/main.js`], {
		env: {
			...process.env,
			NODE_ENV: "production",
			APP_ENV: "test",
			HOST: "127.0.0.1",
			PORT: "0",
			DATA_DIR: dataDir,
			LOG_LEVEL: "info",
			CLIENT_DIR: `${testDist}/client`,
			...options.env,
		},
		stdio: ["ignore", "pipe", "pipe"],
	});
	const logs: string[] = [];
	createInterface({ input: child.stderr! }).on("line", (line) => logs.push(line));
	const origin = await new Promise<string>((resolve, reject) => {
		const timer = setTimeout(() => reject(new Error(`server did not start:\n${logs.join("\n")}`)), 20_000);
		child.once("exit", (code) => reject(new Error(`server exited with ${code}:\n${logs.join("\n")}`)));
		createInterface({ input: child.stdout! }).on("line", (line) => {
			logs.push(line);
			const address = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(line)?.[1];
			if (address) {
				clearTimeout(timer);
				resolve(address);
			}
		});
	});
	const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
	return {
		origin,
		process: child,
		logs,
		async stop() {
			child.kill("SIGTERM");
			const code = await exited;
			rmSync(dataDir, { recursive: true, force: true });
			return code;
		},
	};
}
