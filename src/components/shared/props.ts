import type { Props } from "../../browser/component";

/** Checked readers of component options (see browser/props.ts for where they come from). */
export function stringProp(props: Props, key: string, fallback: string): string {
	const value = props[key];
	return typeof value === "string" ? value : fallback;
}

export function numberProp(props: Props, key: string, fallback: number): number {
	const value = props[key];
	const number = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
	return typeof number === "number" && Number.isFinite(number) ? number : fallback;
}

export function booleanProp(props: Props, key: string, fallback: boolean): boolean {
	const value = props[key];
	if (typeof value === "boolean") return value;
	if (value === "" || value === "true" || value === "1") return true;
	if (value === "false" || value === "0") return false;
	return fallback;
}
