import type { Props } from "./component";

/**
 * Reads a component's options from its element: `data-props` JSON first, then `data-<name>-*`
 * attributes (camel-cased, without the prefix) on top. Attribute values stay strings; components read
 * them through components/shared/props.ts, so a typo in markup gives a default, not a crash.
 */
export function readProps(element: HTMLElement, name: string): Props {
	const props: Record<string, unknown> = {};
	const json = element.getAttribute("data-props");
	if (json) {
		const parsed: unknown = JSON.parse(json);
		if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
			throw new TypeError(`data-props of "${name}" must be a JSON object`);
		}
		Object.assign(props, parsed);
	}
	const prefix = `data-${name}-`;
	for (const attribute of element.attributes) {
		if (attribute.name.startsWith(prefix)) {
			props[camelCase(attribute.name.slice(prefix.length))] = attribute.value;
		}
	}
	return props;
}

function camelCase(kebab: string): string {
	return kebab.replace(/-([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
}
