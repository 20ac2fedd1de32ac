import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
	define: { __DEV__: "true", __KIT__: "true" },
	test: {
		reporters: ["default", "./test/helpers/summary-reporter.ts"],
		// Two files at a time even on two cores, each worker with a test server of its own
		// (test/helpers/global-setup.ts): the suite runs about 12% faster than one at a time. Its
		// timing-sensitive tests run on Playwright's paused clock or wait for events, so a loaded machine
		// slows them without failing them.
		maxWorkers: Math.max(2, availableParallelism() - 1),
		projects: [
			{
				extends: true,
				test: {
					name: "unit",
					include: ["test/unit/**/*.test.{ts,tsx}"],
					environment: "node",
					// A suite's PostgreSQL database is created and migrated in its hook: seconds on a busy machine.
					hookTimeout: 30_000,
					// Not a measure of speed (bench/ measures that): a test that hashes or derives keys for a second
					// or two when idle (the ALTCHA solver, scrypt) took over the 5 s default beside a CI run.
					testTimeout: 20_000,
				},
			},
			{
				extends: true,
				test: {
					name: "e2e",
					include: ["test/e2e/**/*.test.{ts,tsx}"],
					globalSetup: ["test/helpers/global-setup.ts"],
					testTimeout: 30_000,
					hookTimeout: 60_000,
					// expect.poll gives up after 1 s by default, where a hundred polls wait for a server's answer
					// to show in the page: one stall of a loaded machine would fail whichever is waiting. A poll
					// that passes returns as soon as it does.
					expect: { poll: { timeout: 10_000 } },
				},
			},
		],
	},
});
