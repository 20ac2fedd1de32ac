/** True in development and test builds: developer-only warnings (unknown components, double mounts) are compiled in. */
declare const __DEV__: boolean;
/**
 * True in the kit for other servers (build/kit.config.ts) only: what an integrating host needs and the site
 * does not (window.Nette, snippet scripts, redirects followed by ajax, …) is compiled in there alone.
 */
declare const __KIT__: boolean;

declare module "virtual:component-manifest" {
	/** Component name → chunk URL relative to the runtime entry (build) or absolute path (dev server). */
	const chunks: Readonly<Record<string, string>>;
	export default chunks;
	/** The runtime's own lazy modules (lazy-module.ts), name → chunk URL, like the components. */
	export const modules: Readonly<Record<string, string>>;
}
