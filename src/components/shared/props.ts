/**
 * A component's props, declared once (in its folder's props.ts) with the default of each: its markup
 * (the .tsx) writes them with `writeProps` and its browser behaviour (index.ts) reads them back with
 * `parseProps`, both typed by the one declaration, so a renamed or retyped prop is a compile error on both
 * sides. They travel as `data-<component>-<prop>` attributes (docs/markup-contract.md, Components). Markup
 * may come from any server: the reader checks each value against its default's type, so a typo or a wrong
 * value gives the default, not a crash. Nothing here touches the DOM or React: both sides import it.
 */

export type PropValue = string | number | boolean;

/** What the loader hands a component: `data-props` JSON merged with `data-<name>-*` (browser/props.ts). */
export type RawProps = Readonly<Record<string, unknown>>;

/** A declaration's prop types: `false` as a default declares a boolean, not the literal `false`. */
export type PropTypes<Defaults> = {
	readonly [Key in keyof Defaults]: Defaults[Key] extends string
		? string
		: Defaults[Key] extends number
			? number
			: boolean;
};

export interface PropsDeclaration<Props extends Record<string, PropValue>> {
	/** The component's name, as markup names it in data-component. */
	readonly component: string;
	readonly defaults: Props;
}

export function defineProps<const Defaults extends Record<string, PropValue>>(
	component: string,
	defaults: Defaults,
): PropsDeclaration<PropTypes<Defaults>> {
	return { component, defaults: defaults as PropTypes<Defaults> };
}

/** The attributes that give a component these props: one per prop given (an undefined one is left out). */
export function writeProps<Props extends Record<string, PropValue>>(
	declaration: PropsDeclaration<Props>,
	props: { readonly [Key in keyof Props]?: Props[Key] | undefined },
): Record<`data-${string}`, string> {
	const attributes: Record<`data-${string}`, string> = {};
	for (const key of Object.keys(declaration.defaults)) {
		const value = props[key];
		if (value !== undefined) attributes[`data-${declaration.component}-${kebabCase(key)}`] = String(value);
	}
	return attributes;
}

/**
 * The props a component's markup gave it, each checked against its default's type; `fallbacks` replace
 * declared defaults that depend on the page (the document's language, the link's target).
 */
export function parseProps<Props extends Record<string, PropValue>>(
	declaration: PropsDeclaration<Props>,
	raw: RawProps,
	fallbacks: Partial<Props> = {},
): Props {
	const props: Record<string, PropValue> = {};
	for (const [key, declared] of Object.entries(declaration.defaults)) {
		const fallback = fallbacks[key] ?? declared;
		const value = raw[key];
		props[key] =
			typeof declared === "number"
				? numberValue(value, fallback as number)
				: typeof declared === "boolean"
					? booleanValue(value, fallback as boolean)
					: typeof value === "string"
						? value
						: fallback;
	}
	return props as Props;
}

function numberValue(value: unknown, fallback: number): number {
	const number = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
	return typeof number === "number" && Number.isFinite(number) ? number : fallback;
}

function booleanValue(value: unknown, fallback: boolean): boolean {
	if (typeof value === "boolean") return value;
	if (value === "" || value === "true" || value === "1") return true;
	if (value === "false" || value === "0") return false;
	return fallback;
}

/** The attribute's spelling of a prop: the loader camel-cases it back (browser/props.ts). */
function kebabCase(camel: string): string {
	return camel.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}
