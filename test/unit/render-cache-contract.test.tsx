import Fastify, { type FastifyInstance } from "fastify";
import type { ReactElement } from "react";
import { describe, expect, it } from "vitest";
import { type CacheablePage, cacheablePage, cacheRule } from "../../src/server/render-cache/cacheable-page";

/** An app whose reply.page answers with the element's props, so a test sees what the render got. */
function app(): FastifyInstance {
	const instance = Fastify();
	instance.decorateReply("page", function (element: ReactElement, options?: { status?: number }) {
		return this.code(options?.status ?? 200).send(element.props);
	});
	return instance;
}

const View = (props: Record<string, unknown>) => <p>{JSON.stringify(props)}</p>;

const storeLike: CacheablePage<{ page: number }> = {
	path: "/stores",
	query: {
		parse: (query) => ({ page: Number((query as { page?: string }).page ?? 1) }),
		key: (q) => `?page=${q.page}`,
	},
	data: { version: async () => "v1" },
	expires: (renderedAt) => renderedAt + 60_000,
	render: (view) => <View {...view} />,
};

describe("a cacheable page", () => {
	it("is rendered from its declared query and whether it is ajax, and nothing of the request else", async () => {
		const server = app();
		cacheablePage(server, storeLike);
		const response = await server.inject({
			url: "/stores?page=3&utm_source=x",
			headers: { cookie: "lumen_staff=someone", "x-requested-with": "XMLHttpRequest" },
		});
		expect(response.json()).toEqual({ query: { page: 3 }, ajax: true });
	});

	it("gives the cache a rule of everything it declared: the query as the page reads it, data, expiry", async () => {
		const rule = cacheRule(storeLike);
		expect(rule.query?.({ page: "03", utm_source: "x" })).toBe("?page=3");
		expect(await rule.version?.()).toBe("v1");
		expect(rule.expires?.(1000)).toBe(61_000);
		const textsOnly = cacheRule({ ...storeLike, query: "none", data: "texts only", expires: "never" });
		expect([textsOnly.query, textsOnly.version, textsOnly.expires]).toEqual([
			undefined,
			undefined,
			undefined,
		]);
	});

	it("refuses, by its name, a declaration built at run time without a part", () => {
		const { data: _, ...withoutData } = storeLike;
		expect(() => cacheRule(withoutData as CacheablePage<{ page: number }>)).toThrow(
			'The cacheable page /stores needs data: "texts only" or { version }',
		);
		expect(() => cacheRule({ ...storeLike, expires: 60 as never })).toThrow("needs expires");
		expect(() => cacheRule({ ...storeLike, query: {} as never })).toThrow("needs query");
	});

	// The type checker proves these (npm run typecheck): each line under @ts-expect-error must not compile.
	it("cannot be declared reading a cookie, a header or a session, or leaving out a part", () => {
		const server = app();
		const declare = (page: CacheablePage<unknown>) => () => cacheablePage(server, page);
		const textsOnly = { path: "/x", query: "none", data: "texts only", expires: "never" } as const;

		// @ts-expect-error the render gets no request, so no cookie and no session
		declare({ ...textsOnly, render: ({ request }) => <View cookie={request.cookies.visited} /> });
		// @ts-expect-error nor a header
		declare({ ...textsOnly, render: (view) => <View language={view.headers["accept-language"]} /> });
		// @ts-expect-error the data it shows must be named, or said to be none
		declare({ path: "/x", query: "none", expires: "never", render: () => <View /> });
		// @ts-expect-error as must its expiry
		declare({ path: "/x", query: "none", data: "texts only", render: () => <View /> });
		// @ts-expect-error and the query it reads
		declare({ path: "/x", data: "texts only", expires: "never", render: () => <View /> });
		// @ts-expect-error a route cannot consent to the cache by its config: only cacheablePage makes the rule
		server.get("/y", { config: { renderCache: { version: async () => "v" } } }, async () => "");

		// A whole declaration is registered.
		expect(declare({ ...textsOnly, render: () => <View /> })).not.toThrow();
	});
});
