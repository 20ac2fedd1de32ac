import type { ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { useSite } from "./site-context";

interface IslandProps<P extends object> {
	/** The component name the browser mounts (src/components/<name>). */
	name: string;
	component: ComponentType<P>;
	/** Plain JSON: the browser hydrates the island with exactly these props. */
	props: P;
	className?: string;
}

/**
 * Renders a React island as its own root with its own identifierPrefix, exactly as the browser's
 * defineIsland() hydrates it, so useId values match and hydration is silent.
 */
export function Island<P extends object>({ name, component: Component, props, className }: IslandProps<P>) {
	const islandId = useSite().nextIslandId(name);
	const html = renderToString(<Component {...props} />, { identifierPrefix: islandId });
	return (
		<div
			className={className}
			data-component={name}
			data-island-id={islandId}
			data-props={JSON.stringify(props)}
			// biome-ignore lint/security/noDangerouslySetInnerHtml: the island's own server render
			dangerouslySetInnerHTML={{ __html: html }}
		/>
	);
}
