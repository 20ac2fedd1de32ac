import type { FastifyPluginAsync } from "fastify";
import { HomePage } from "../../pages/home/HomePage";
import { campaignClosed } from "../campaign/state";
import { registrationRoutes } from "../registration/routes";
import { storeRoutes } from "../stores";

export const pageRoutes: FastifyPluginAsync = async (app) => {
	// Whether registration is open is part of the home page's key: a start or end passing, or the last
	// voucher issued (in any process, read within a second), makes its next view a new page.
	const homeCache = {
		version: async () => {
			const state = app.campaign.state();
			return state.open ? "open" : state.reason;
		},
	};
	app.get("/", { config: { renderCache: homeCache } }, async (_, reply) =>
		reply.page(<HomePage closed={campaignClosed(app.campaign.state(), app.config.campaign)} />),
	);
	await app.register(storeRoutes);
	await app.register(registrationRoutes);
};
