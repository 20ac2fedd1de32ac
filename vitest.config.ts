import { defineConfig } from "vitest/config";

export default defineConfig({
	define: { __DEV__: "true", __KIT__: "true" },
	test: {
		reporters: ["default", "./test/helpers/summary-reporter.ts"],
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
