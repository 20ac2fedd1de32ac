import type { FastifyPluginAsync } from "fastify";
import { GalleryPage } from "../../pages/GalleryPage";

/** The components gallery: every component in its states. Development and test only. */
export const galleryRoutes: FastifyPluginAsync = async (app) => {
	app.get("/_components", async (_, reply) => {
		reply.header("x-robots-tag", "noindex");
		return reply.page(<GalleryPage />);
	});
};
