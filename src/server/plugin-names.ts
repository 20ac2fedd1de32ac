/**
 * The names the server's plugins are registered by (fastify-plugin's `name`), which other plugins list
 * as their `dependencies`. Fastify checks the list when a plugin is registered: one registered before a
 * plugin it depends on stops the start with "The dependency '…' of plugin '…' is not registered",
 * rather than running with hooks in the wrong order. buildApp (app.ts) registers them in this order.
 */
export const PLUGIN = {
	/** The request's language and page path (request-location.ts). */
	requestLocation: "lumen-request-location",
	/** reply.page and reply.seeOther (reply.tsx). */
	replies: "lumen-replies",
	campaign: "lumen-campaign",
	retention: "lumen-privacy-retention",
	/** Security headers, the request-origin and same-origin checks (security/). */
	security: "lumen-security",
	forms: "lumen-forms",
	/** @fastify/cookie's own name. */
	cookie: "@fastify/cookie",
	pageContent: "lumen-page-content",
	renderCache: "lumen-render-cache",
	/** The registration's services: keys, bot protection, the outbox sender (registration/services.ts). */
	registration: "lumen-registration",
	registrationRoutes: "lumen-registration-routes",
	staff: "lumen-staff",
	api: "lumen-api",
	/** The registration form's counters for the admins' fraud watch (fraud/plugin.ts). */
	fraudWatch: "lumen-fraud-watch",
} as const;
