/**
 * The server's parts state what they need (fastify-plugin's name, dependencies and decorators, see
 * src/server/plugin-names.ts): registered out of order, the app does not start, and the error names the
 * part and what it is missing, instead of a server whose hooks run in the wrong order.
 */
import cookie from "@fastify/cookie";
import Fastify, { type FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { pageContentPlugin } from "../../src/server/cms/plugin";
import type { Config } from "../../src/server/config";
import type { DatabaseHandle } from "../../src/server/db";
import { PLUGIN } from "../../src/server/plugin-names";
import { registrationRoutes } from "../../src/server/registration/routes";
import { renderCachePlugin } from "../../src/server/render-cache/declared-plugin";
import { repliesPlugin } from "../../src/server/reply";
import { requestLocationPlugin, siteUrl } from "../../src/server/request-location";
import { securityPlugin } from "../../src/server/security/plugin";

const config = {
	basePath: "/campaign",
	publicOrigin: "https://lumen.example",
	renderCacheBytes: 0,
} as Config;
// Never queried: the plugins under test fail before they would use it.
const database = { db: {} } as DatabaseHandle;

let app: FastifyInstance | undefined;
afterEach(async () => {
	await app?.close().catch(() => {});
	app = undefined;
});

function bareApp(): FastifyInstance {
	app = Fastify();
	app.decorate("config", config);
	app.decorate("database", database);
	return app;
}

describe("plugins registered out of order", () => {
	it("refuses the render cache before the page texts its keys are made of", async () => {
		const app = bareApp();
		await app.register(requestLocationPlugin);
		await app.register(cookie);
		await expect(app.register(renderCachePlugin)).rejects.toThrow(
			`The dependency '${PLUGIN.pageContent}' of plugin '${PLUGIN.renderCache}' is not registered`,
		);
	});

	it("refuses the security checks before the replies their refusals are rendered with", async () => {
		const app = bareApp();
		await app.register(requestLocationPlugin);
		await expect(app.register(securityPlugin)).rejects.toThrow(
			`The dependency '${PLUGIN.replies}' of plugin '${PLUGIN.security}' is not registered`,
		);
	});

	it("refuses the registration's routes before the services they use", async () => {
		const app = bareApp();
		app.decorate("stores", {} as never);
		await expect(app.register(registrationRoutes)).rejects.toThrow(
			`The dependency '${PLUGIN.registration}' of plugin '${PLUGIN.registrationRoutes}' is not registered`,
		);
	});

	it("refuses a part whose instance lacks a decorator it reads", async () => {
		app = Fastify();
		app.decorate("config", config);
		await app.register(requestLocationPlugin);
		await app.register(cookie);
		await expect(app.register(pageContentPlugin)).rejects.toThrow(
			`The decorator 'database' required by '${PLUGIN.pageContent}' is not present in Fastify`,
		);
	});

	it("starts when each comes after what it needs", async () => {
		const app = bareApp();
		await app.register(requestLocationPlugin);
		await app.register(repliesPlugin, { assets: {} as never });
		await app.register(cookie);
		await app.register(pageContentPlugin);
		await app.register(renderCachePlugin);
		await expect(app.ready()).resolves.toBe(app);
	});
});

describe("the request's location", () => {
	it("is worked out once, before any other hook, for every hook and handler to read", async () => {
		const app = bareApp();
		await app.register(requestLocationPlugin);
		app.addHook("onRequest", async (request) => {
			// A later hook sees it already: the same values the handler gets.
			request.headers["x-seen-lang"] = request.lang;
		});
		app.get("/*", async (request) => ({
			lang: request.lang,
			path: request.pagePath,
			seen: request.headers["x-seen-lang"],
		}));
		const at = async (url: string) => (await app.inject(url)).json();
		expect(await at("/campaign/en/register?x=1")).toEqual({ lang: "en", path: "/register", seen: "en" });
		expect(await at("/campaign/en")).toEqual({ lang: "en", path: "/", seen: "en" });
		expect(await at("/campaign/register")).toEqual({ lang: "cs", path: "/register", seen: "cs" });
		expect(await at("/campaign")).toEqual({ lang: "cs", path: "/", seen: "cs" });
	});

	it("builds absolute URLs from the configured origin, in a language", () => {
		expect(siteUrl(config, "cs", "/register/confirm/abc")).toBe(
			"https://lumen.example/campaign/register/confirm/abc",
		);
		expect(siteUrl(config, "en", "/voucher/abc")).toBe("https://lumen.example/campaign/en/voucher/abc");
		expect(siteUrl(config, "en", "/")).toBe("https://lumen.example/campaign/en");
		expect(siteUrl(config, "cs", "/")).toBe("https://lumen.example/campaign/");
	});
});
