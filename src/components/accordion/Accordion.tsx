import type { ReactNode } from "react";
import { writeProps } from "../shared/props";
import { ACCORDION_PROPS } from "./props";

export interface AccordionItem {
	/** The item's id: a link to #id opens it. */
	id: string;
	title: ReactNode;
	content: ReactNode;
	open?: boolean;
}

interface AccordionProps {
	items: AccordionItem[];
	/**
	 * Group name when at most one item may be open: the native `name` of <details> does it without
	 * JavaScript, the browser component keeps it (animated) where `name` is not supported.
	 */
	exclusive?: string;
}

/** Questions and answers on <details>/<summary>: fully usable before any JavaScript runs. */
export function Accordion({ items, exclusive }: AccordionProps) {
	return (
		<div
			className="accordion"
			data-component="accordion"
			{...writeProps(ACCORDION_PROPS, { exclusive: exclusive !== undefined || undefined })}
		>
			{items.map((item) => (
				<details key={item.id} id={item.id} className="accordion__item" name={exclusive} open={item.open}>
					<summary className="accordion__summary">
						<span className="accordion__title">{item.title}</span>
						<span className="accordion__icon" aria-hidden="true" />
					</summary>
					<div className="accordion__panel">{item.content}</div>
				</details>
			))}
		</div>
	);
}
