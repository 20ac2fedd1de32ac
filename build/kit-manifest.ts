/**
 * The kit build's manifest (build/kit.config.ts), for `npm run bench:size`: beside dist/kit, not in it,
 * as integrators copy that folder whole.
 */
export const KIT_MANIFEST = "dist/kit.manifest.json";
