import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
	define: { __DEV__: "true", __KIT__: "true" },
	test: {
		reporters: ["default", "./test/helpers/summary-reporter.ts"],
		// Vitest's own default, stated so that the global setup starts a test server for each worker
		// (test/helpers/global-setup.ts). On two cores that is one file at a time: two at a time ran the
		// suite about 12% faster there, but timing-sensitive files failed with it on a loaded machine.
		maxWorkers: Math.max(1, availableParallelism() - 1),
		projects: [
			{
				extends: true,
				test: {
					name: "unit",
					include: ["test/unit/**/*.test.{ts,tsx}"],
					environment: "node",
					// A suite's PostgreSQL database is created and migrated in its hook: seconds on a busy machine.
					hookTimeout: 30_000,
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
				},
			},
		],
	},
});
