import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { type AddressInfo, createServer as createNetServer } from "node:net";
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
 * How long a server may take to listen. Tests and hooks have timeouts of their own (vitest.config.ts:
 * 30 s and 60 s), their budget for all they do, a server's start included, however slow a loaded
 * machine makes it: this limit lies beyond both so that it never cuts one short, and bounds only the
 * starts that have no timeout of their own (the global setup, scripts), with the server's logs.
 */
const START_TIMEOUT = 120_000;

/**
 * Starts a built server (the test server of `npm run build:test` by default, in TEST_DIST) on a free
 * 127.0.0.1 port with its own empty data folder, and resolves once it listens.
 */
export async function startServer(
	options: { entry?: string; env?: Record<string, string>; quiet?: boolean } = {},
): Promise<TestServer> {
	// Quiet (warn-level logs, as benchmarks want): the port is chosen here and readiness polled.
	const port = options.quiet ? await freePort() : 0;
	const dataDir = mkdtempSync(join(tmpdir(), "lumen-test-"));
	const testDist = process.env.TEST_DIST || "dist/test";
	const child = spawn(process.execPath, [options.entry ?? `${testDist}/server/main.js`], {
		env: {
			...process.env,
			NODE_ENV: "production",
			APP_ENV: "test",
			HOST: "127.0.0.1",
			PORT: String(port),
			DATA_DIR: dataDir,
			LOG_LEVEL: options.quiet ? "warn" : "info",
			CLIENT_DIR: `${testDist}/client`,
			...options.env,
		},
		stdio: ["ignore", "pipe", "pipe"],
	});
	// A process that ends without stop() (a benchmark piped into `head`, a crashed worker) takes its
	// server along, rather than leaving it to busy the machine the next measurement runs on.
	const killChild = () => child.kill("SIGKILL");
	process.once("exit", killChild);
	child.once("exit", () => process.off("exit", killChild));
	const logs: string[] = [];
	createInterface({ input: child.stderr! }).on("line", (line) => logs.push(line));
	const origin = await new Promise<string>((resolve, reject) => {
		const timer = setTimeout(() => {
			// A server given up on is not left running, busying the machine the next tests run on.
			child.kill("SIGKILL");
			reject(new Error(`server did not start in ${START_TIMEOUT} ms:\n${logs.join("\n")}`));
		}, START_TIMEOUT);
		const listening = (address: string) => {
			clearTimeout(timer);
			resolve(address);
		};
		if (options.quiet) void waitForHealth(`http://127.0.0.1:${port}`, child).then(listening, reject);
		child.once("exit", (code) => {
			clearTimeout(timer);
			reject(new Error(`server exited with ${code}:\n${logs.join("\n")}`));
		});
		createInterface({ input: child.stdout! }).on("line", (line) => {
			logs.push(line);
			const address = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(line)?.[1];
			if (address) listening(address);
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

export function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const probe = createNetServer();
		probe.once("error", reject);
		probe.listen(0, "127.0.0.1", () => {
			const { port } = probe.address() as AddressInfo;
			probe.close(() => resolve(port));
		});
	});
}

/** Asks the server's health check until it answers, for as long as the server runs (START_TIMEOUT ends it). */
async function waitForHealth(origin: string, server: ChildProcess): Promise<string> {
	while (server.exitCode === null && server.signalCode === null) {
		try {
			if ((await fetch(`${origin}/healthz`)).ok) return origin;
		} catch {}
		await new Promise((resolve) => setTimeout(resolve, 100));
	}
	throw new Error(`no answer from ${origin}/healthz`);
}
