import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
	define: { __DEV__: "true", __KIT__: "true" },
	test: {
		reporters: ["default", "./test/helpers/summary-reporter.ts"],
		// At least two files at a time, also on two cores (Vitest's default would be one there): the browser
		// files mostly wait on Chromium and their servers. Each worker has its own test server
		// (test/helpers/global-setup.ts).
		maxWorkers: Math.max(2, availableParallelism() - 1),
		projects: [
			{
				extends: true,
				test: { name: "unit", include: ["test/unit/**/*.test.{ts,tsx}"], environment: "node" },
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
