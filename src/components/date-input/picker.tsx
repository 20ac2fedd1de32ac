import { startTransition } from "react";
import { DayPicker, type Matcher } from "react-day-picker";
import { cs } from "react-day-picker/locale/cs";
import { enGB } from "react-day-picker/locale/en-GB";
import { createRoot } from "react-dom/client";
import "./picker.css";

export interface PickerOptions {
	locale: string;
	selected: Date | undefined;
	min: Date | undefined;
	max: Date | undefined;
	onSelect(date: Date): void;
}

/** How far the month and year dropdowns reach when the markup sets no bounds. */
const YEARS_BACK = 100;
const YEARS_AHEAD = 10;

/**
 * The calendar island: react-day-picker rendered into the date input's popup as its own React root,
 * created when the popup opens (nothing was rendered on the server to hydrate). Returns the unmount.
 */
export function renderPicker(container: HTMLElement, options: PickerOptions): () => void {
	const { selected, min, max } = options;
	const today = new Date();
	const disabled: Matcher[] = [];
	if (min) disabled.push({ before: min });
	if (max) disabled.push({ after: max });
	const clampedToday = min && today < min ? min : max && today > max ? max : today;

	const root = createRoot(container, { identifierPrefix: `${container.id}-` });
	// A transition: React renders in slices that let a tap or a key in between, not in one long task.
	startTransition(() =>
		root.render(
			<DayPicker
				mode="single"
				required
				selected={selected}
				onSelect={options.onSelect}
				defaultMonth={selected ?? clampedToday}
				startMonth={min ?? new Date(today.getFullYear() - YEARS_BACK, 0)}
				endMonth={max ?? new Date(today.getFullYear() + YEARS_AHEAD, 11)}
				disabled={disabled}
				captionLayout="dropdown"
				fixedWeeks
				locale={options.locale === "cs" ? cs : enGB}
				autoFocus
			/>,
		),
	);
	return () => root.unmount();
}
