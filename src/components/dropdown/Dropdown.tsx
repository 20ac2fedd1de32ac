import type { ReactNode, SelectHTMLAttributes } from "react";
import { FormItem, formItemIds } from "../shared/FormItem";
import { ChevronIcon } from "../shared/icons";

export type DropdownItem =
	| { label: string; href: string; current?: boolean }
	/** A submit button of the surrounding form (sorting, filtering). */
	| { label: string; name: string; value: string; current?: boolean };

interface DropdownMenuProps {
	/** The menu's id (the button names it in aria-controls). */
	id: string;
	label: ReactNode;
	items: DropdownItem[];
	/** Opens the menu towards the left edge of the button (for buttons at the right of a row). */
	alignEnd?: boolean;
}

/**
 * A disclosure menu of links or submit buttons, built on <details> so that it opens without
 * JavaScript; the browser component adds aria-expanded, arrow keys, Escape and outside-click closing.
 */
export function DropdownMenu({ id, label, items, alignEnd = false }: DropdownMenuProps) {
	return (
		<details className={alignEnd ? "dropdown dropdown--end" : "dropdown"} data-component="dropdown">
			<summary className="dropdown__button">
				<span>{label}</span>
				<ChevronIcon direction="down" />
			</summary>
			<ul className="dropdown__menu" id={id}>
				{items.map((item) => (
					<li key={item.label}>
						{"href" in item ? (
							<a className="dropdown__item" href={item.href} aria-current={item.current ? "page" : undefined}>
								{item.label}
							</a>
						) : (
							<button
								type="submit"
								className="dropdown__item"
								name={item.name}
								value={item.value}
								aria-current={item.current ? "true" : undefined}
							>
								{item.label}
							</button>
						)}
					</li>
				))}
			</ul>
		</details>
	);
}

interface DropdownSelectProps
	extends Omit<SelectHTMLAttributes<HTMLSelectElement>, "id" | "className" | "children"> {
	id: string;
	label: string;
	options: { value: string; label: string }[];
	/** A first, empty option ("Vyberte prodejnu"). */
	placeholder?: string;
	error?: string;
}

/** The arrow of a single select, in place of the platform's (`.dropdown-select`; the server forms API uses it too). */
export const SelectChevron = () => (
	<span className="dropdown-select__chevron">
		<ChevronIcon direction="down" />
	</span>
);

/**
 * The select-like variant: a native <select> in a .form-item, so it works without JavaScript and with
 * every assistive technology and phone picker; it needs no browser component.
 */
export function DropdownSelect({ id, label, options, placeholder, error, ...native }: DropdownSelectProps) {
	return (
		<FormItem id={id} className="dropdown-select form-item--float" error={error}>
			<div className="form-item__field">
				<select
					{...native}
					id={id}
					className="form-item__control"
					aria-invalid={error ? true : undefined}
					aria-describedby={formItemIds(id).error}
				>
					{placeholder !== undefined && <option value="">{placeholder}</option>}
					{options.map((option) => (
						<option key={option.value} value={option.value}>
							{option.label}
						</option>
					))}
				</select>
				<label className="form-item__label" htmlFor={id}>
					{label}
				</label>
				<SelectChevron />
			</div>
		</FormItem>
	);
}
