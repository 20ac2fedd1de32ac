import type { FastifyPluginAsync } from "fastify";
import { campaignClosed } from "../../domain/campaign/state";
import { HomePage } from "../../pages/home/HomePage";
import { registrationRoutes } from "../registration/routes";
import { cacheablePage } from "../render-cache/cacheable-page";
import { storeRoutes } from "../stores";

export const pageRoutes: FastifyPluginAsync = async (app) => {
	// Whether registration is open, and the settings its notice quotes, are part of the home page's key: a
	// start or end passing, the last voucher issued or an admin's new settings (in any process, read within
	// a second) makes its next view a new page.
	cacheablePage(app, {
		path: "/",
		query: "none",
		data: {
			version: async () => {
				const state = app.campaign.state();
				return `${state.open ? "open" : state.reason} ${JSON.stringify(app.campaign.settings)}`;
			},
		},
		expires: "never",
		render: () => <HomePage closed={campaignClosed(app.campaign.state(), app.campaign.settings)} />,
	});
	await app.register(storeRoutes);
	await app.register(registrationRoutes);
};
