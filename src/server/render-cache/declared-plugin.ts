import fp from "fastify-plugin";
import { PLUGIN } from "../plugin-names";
import { registerRenderCache } from "./plugin";

/**
 * The render cache as the app registers it: after the page texts, whose version is part of every key
 * (request.pageContent, set in their preHandler hook, before the cache's), and after the cookies, whose
 * session cookie makes a request bypass it.
 */
export const renderCachePlugin = fp(registerRenderCache, {
	name: PLUGIN.renderCache,
	dependencies: [PLUGIN.pageContent, PLUGIN.cookie],
	decorators: { fastify: ["config"] },
});
