import type { ComponentType } from "react";
import { hydrateRoot } from "react-dom/client";
import type { ComponentDefinition, Props } from "./component";

/**
 * Turns a React component into a component definition that hydrates the server-rendered island
 * (see src/render/island.tsx) as its own root, with the identifierPrefix the server rendered it with so
 * that useId values match. Imported only by island chunks: pages without islands load no React.
 */
export function defineIsland<P extends object>(
	Component: ComponentType<P>,
	parseProps: (props: Props) => P,
): ComponentDefinition {
	return {
		connect(element, { props }) {
			const root = hydrateRoot(element, <Component {...parseProps(props)} />, {
				identifierPrefix: element.dataset.islandId ?? "",
			});
			return () => root.unmount();
		},
	};
}
