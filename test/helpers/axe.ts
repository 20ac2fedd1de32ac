import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

const AXE_PATH = createRequire(import.meta.url).resolve("axe-core/axe.min.js");
let axeSource: string | undefined;

/** The WCAG 2.2 AA rule sets every page state must pass (docs/budgets.md, Accessibility). */
const RUN_ONLY = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

export interface AxeViolation {
	id: string;
	impact: string | null;
	help: string;
	/** CSS selectors of the offending nodes, each with axe's summary of what to fix. */
	nodes: string[];
}

/**
 * Runs axe-core in the page as it is now (injected once per page) and returns the
 * violations in a form that reads well in a failed expectation: `expect(await axe(page)).toEqual([])`.
 * `include` limits the check to part of the page (a selector), e.g. one component's gallery section.
 */
export async function axe(page: Page, include?: string): Promise<AxeViolation[]> {
	if (!(await page.evaluate(() => "axe" in window))) {
		// Not addScriptTag: an inline <script> would be refused by the site's Content Security Policy,
		// while code evaluated through the DevTools protocol is not subject to it.
		axeSource ??= readFileSync(AXE_PATH, "utf8");
		await page.evaluate(axeSource);
	}
	return page.evaluate(
		async ({ include, runOnly }) => {
			const { axe } = window as unknown as {
				axe: {
					run(
						context: unknown,
						options: unknown,
					): Promise<{
						violations: {
							id: string;
							impact: string | null;
							help: string;
							nodes: { target: unknown[]; failureSummary?: string }[];
						}[];
					}>;
				};
			};
			const result = await axe.run(include ? { include: [include] } : document, { runOnly });
			return result.violations.map((violation) => ({
				id: violation.id,
				impact: violation.impact,
				help: violation.help,
				nodes: violation.nodes.map((node) => `${node.target.join(" ")}: ${node.failureSummary ?? ""}`),
			}));
		},
		{ include, runOnly: RUN_ONLY },
	);
}
