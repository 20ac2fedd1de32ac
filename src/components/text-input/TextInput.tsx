import type { InputHTMLAttributes } from "react";
import { FormItem, formItemIds } from "../shared/FormItem";
import { CloseIcon } from "../shared/icons";
import { writeProps } from "../shared/props";
import { fill } from "../shared/text";
import { TEXT_INPUT_PROPS } from "./props";

export interface TextInputTexts {
	/** Label of the clear button. */
	clear: string;
	/** The visible counter: {count} typed of {max}. */
	counter: string;
	/** Announced politely once the user pauses near the limit: {remaining} of {max}. */
	remaining: string;
}

export const TEXT_INPUT_TEXTS_CS: TextInputTexts = {
	clear: "Vymazat pole",
	counter: "{count} / {max}",
	remaining: "Zbývající počet znaků: {remaining} z {max}",
};

type NativeProps = Omit<
	InputHTMLAttributes<HTMLInputElement>,
	"id" | "value" | "defaultValue" | "placeholder" | "children" | "className"
>;

export interface TextInputProps extends NativeProps {
	/** The control's id (also the prefix of its error block's id). */
	id: string;
	label: string;
	value?: string;
	/** The server's message for an invalid value. */
	error?: string;
	/** Shows a clear button while the field holds text. */
	clearable?: boolean;
	texts?: TextInputTexts;
	className?: string;
}

/** The button that empties a text field (the server forms API renders it too). */
export function ClearButton({ controls, label }: { controls: string; label: string }) {
	return (
		<button
			type="button"
			className="form-item__icon-button text-input__clear"
			aria-label={label}
			aria-controls={controls}
			// Revealed by the browser component: without JavaScript it could not clear anything.
			hidden
		>
			<CloseIcon />
		</button>
	);
}

/**
 * A text field with a floating label inside its .form-item. With maxLength it shows a counter; the
 * browser component keeps is-filled, the clear button and the counter in sync.
 */
export function TextInput({
	id,
	label,
	value = "",
	error,
	clearable = false,
	texts = TEXT_INPUT_TEXTS_CS,
	className,
	type = "text",
	maxLength,
	...native
}: TextInputProps) {
	const ids = formItemIds(id);
	const counter =
		maxLength === undefined ? undefined : (
			<p className="text-input__counter" id={ids.counter} aria-hidden="true">
				{fill(texts.counter, { count: value.length, max: maxLength })}
			</p>
		);
	return (
		<FormItem
			id={id}
			component="text-input"
			props={writeProps(TEXT_INPUT_PROPS, { counter: texts.counter, remaining: texts.remaining })}
			className={["text-input", value ? "is-filled" : undefined, className].filter(Boolean).join(" ")}
			error={error}
			after={
				counter && (
					<>
						{counter}
						<p className="visually-hidden text-input__announcement" aria-live="polite" />
					</>
				)
			}
		>
			<div className="form-item__field">
				<input
					{...native}
					id={id}
					type={type}
					className="form-item__control"
					defaultValue={value}
					maxLength={maxLength}
					// A blank placeholder lets CSS float the label (:placeholder-shown) before JS runs.
					placeholder=" "
					aria-invalid={error ? true : undefined}
					aria-describedby={ids.error}
				/>
				<label className="form-item__label" htmlFor={id}>
					{label}
				</label>
				{clearable && <ClearButton controls={id} label={texts.clear} />}
			</div>
		</FormItem>
	);
}
