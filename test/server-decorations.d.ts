/*
 * The server's decorations of Fastify's types (reply.page, app.database, app.config, request.lang, the
 * cookie plugin's reply.setCookie, a route's renderCache) are declared in the modules that make them.
 * This project sees src/server through its declaration files, which bring in a module only where its
 * types are used, so the fixtures' routes name them here.
 */
import type {} from "@fastify/cookie";
import type {} from "../src/server/app";
import type {} from "../src/server/render-cache/plugin";
import type {} from "../src/server/reply";
