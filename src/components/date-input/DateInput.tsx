import type { InputHTMLAttributes } from "react";
import { FormItem, formItemIds } from "../shared/FormItem";
import { CalendarIcon } from "../shared/icons";
import { writeProps } from "../shared/props";
import { DATE_INPUT_PROPS } from "./props";

export interface DateInputTexts {
	/** Label of the button that opens the calendar. */
	open: string;
	/** Accessible name of the calendar popup. */
	calendar: string;
	/** Shown in the empty field once it accepts typing: the expected format. */
	placeholder: string;
}

export const DATE_INPUT_TEXTS_CS: DateInputTexts = {
	open: "Vybrat datum v kalendáři",
	calendar: "Kalendář",
	placeholder: "např. 24. 12. 1990",
};

type NativeProps = Omit<
	InputHTMLAttributes<HTMLInputElement>,
	"id" | "type" | "value" | "defaultValue" | "min" | "max" | "placeholder" | "children" | "className"
>;

export interface DateInputProps extends NativeProps {
	id: string;
	label: string;
	/** Dates as yyyy-mm-dd, like a native date input's. */
	value?: string;
	min?: string;
	max?: string;
	/** Language of the calendar and of the typed format. */
	locale?: "cs" | "en";
	error?: string;
	texts?: DateInputTexts;
}

/**
 * A date field: a native <input type="date"> until JavaScript runs; then a text field that takes typed
 * dates in the page's language, with a calendar (a React island loaded only on demand). The form
 * always submits yyyy-mm-dd.
 */
export function DateInput({
	id,
	label,
	value,
	min,
	max,
	locale = "cs",
	error,
	texts = DATE_INPUT_TEXTS_CS,
	...native
}: DateInputProps) {
	const popoverId = `${id}-calendar`;
	return (
		<FormItem
			id={id}
			component="date-input"
			props={writeProps(DATE_INPUT_PROPS, { locale, placeholder: texts.placeholder })}
			className="date-input form-item--float"
			error={error}
		>
			<div className="form-item__field">
				<input
					{...native}
					id={id}
					type="date"
					className="form-item__control"
					defaultValue={value}
					min={min}
					max={max}
					aria-invalid={error ? true : undefined}
					aria-describedby={formItemIds(id).error}
				/>
				<label className="form-item__label" htmlFor={id}>
					{label}
				</label>
				<button
					type="button"
					className="form-item__icon-button date-input__open"
					aria-label={texts.open}
					aria-haspopup="dialog"
					aria-expanded="false"
					aria-controls={popoverId}
					// Revealed by the browser component; without JavaScript the native field has its own picker.
					hidden
				>
					<CalendarIcon />
				</button>
				<div
					className="date-input__popover"
					id={popoverId}
					role="dialog"
					aria-label={texts.calendar}
					hidden
				/>
			</div>
		</FormItem>
	);
}
