/**
 * The markup of each kind of field inside its `.form-item` (src/components/shared/FormItem.tsx): the
 * control with its `data-nette-rules`, label, description and error block, tied together by ids.
 *
 * No `required`, `type="email"`, `min`/`max` or `pattern`: those make the browser block a submission with
 * its own bubble, in its own language, before our rules run. With JavaScript the runtime validates (it
 * takes over by setting `novalidate` itself, so the server must not render it); without JavaScript the
 * server does, and answers next to each field. Required fields carry `aria-required` and a visible mark.
 */

import type { ReactNode } from "react";
import { SelectChevron } from "../components/dropdown/Dropdown";
import { FormItem, formItemIds } from "../components/shared/FormItem";
import { ClearButton } from "../components/text-input/TextInput";
import type {
	CheckboxField,
	ChoiceField,
	Field,
	FileField,
	InputField,
	NumberField,
	Option,
	TextareaField,
} from "./fields";
import { FORM_TEXTS } from "./form-texts";
import { type Lang, type Text, translate } from "./localized-text";
import { isCondition } from "./rules";
import type { ShownValue } from "./state";

export interface ControlProps<F extends Field = Field> {
	readonly field: F;
	readonly id: string;
	/** The HTML name (`tags[]` for lists). */
	readonly name: string;
	readonly rules: string | undefined;
	readonly value: ShownValue | undefined;
	readonly error: string | undefined;
	readonly lang: Lang;
}

type Labelled = Exclude<Field, { kind: "hidden" | "submit" }>;

const classes = (...names: (string | false | null | undefined)[]) => names.filter(Boolean).join(" ");

const descriptionId = (id: string) => `${id}-description`;

/** The first list item carries the rules, as in Nette; the error block is named after it. */
export const firstItemId = (id: string) => `${id}-0`;

const isRequired = (field: Labelled) => !!field.required;

/** Attributes every control shares: rules, state, and what describes it. */
function shared({ field, id, name, rules, error }: ControlProps<Labelled>, itemId = id) {
	return {
		name,
		"data-nette-rules": rules,
		"data-nette-error": error,
		"aria-invalid": error ? true : undefined,
		"aria-describedby": classes(field.description && descriptionId(id), formItemIds(itemId).error),
	} as const;
}

function Description({ field, id, lang }: ControlProps<Labelled>) {
	return field.description ? (
		<p className="form-item__description" id={descriptionId(id)}>
			{translate(field.description, lang)}
		</p>
	) : undefined;
}

function Label({ field, lang, hiddenRequired }: ControlProps<Labelled> & { hiddenRequired?: boolean }) {
	return (
		<>
			{translate(field.label, lang)}
			{isRequired(field) && (
				<>
					<span className="form-item__required" aria-hidden="true">
						{" *"}
					</span>
					{hiddenRequired && (
						<span className="visually-hidden">{` ${translate(FORM_TEXTS.required, lang)}`}</span>
					)}
				</>
			)}
		</>
	);
}

/** The longest value the top-level rules allow, as `maxlength` (Nette sets it from the same rules). */
function maxLengthOf(field: Labelled): number | undefined {
	const limits = (field.rules ?? []).flatMap((rule) => {
		if (isCondition(rule) || rule.neg) return [];
		if (rule.op === "maxLength" && typeof rule.arg === "number") return [rule.arg];
		if (rule.op !== "length") return [];
		const max = Array.isArray(rule.arg) ? rule.arg[1] : rule.arg;
		return typeof max === "number" ? [max] : [];
	});
	return limits.length ? Math.min(...limits) : undefined;
}

/**
 * The frame of a control with a floating label (text, textarea, select, file): its `.form-item` with the
 * description and error block, the control, its label, and what follows it (a clear button, an arrow).
 */
function Floating({
	props,
	className,
	component,
	hiddenRequired,
	children,
	after,
}: {
	props: ControlProps<Labelled>;
	className: string;
	component?: string | undefined;
	hiddenRequired?: boolean;
	children: ReactNode;
	after?: ReactNode;
}) {
	return (
		<FormItem
			id={props.id}
			component={component}
			className={className}
			error={props.error}
			after={<Description {...props} />}
		>
			<div className="form-item__field">
				{children}
				<label className="form-item__label" htmlFor={props.id}>
					<Label {...props} hiddenRequired={hiddenRequired} />
				</label>
				{after}
			</div>
		</FormItem>
	);
}

const INPUT_MODES = { email: "email", url: "url", tel: "tel", integer: "numeric", float: "decimal" } as const;

function TextControl(props: ControlProps<InputField | NumberField>) {
	const { field, id, value, lang } = props;
	const date = field.type === "date";
	const password = field.type === "password";
	const inputMode = field.inputMode ?? INPUT_MODES[field.type as keyof typeof INPUT_MODES];
	const clearable = field.kind === "input" ? field.clearable : undefined;
	const verbatim = field.type === "email" || field.type === "url";
	return (
		<Floating
			props={props}
			component={date ? undefined : "text-input"}
			className={classes("text-input", !password && value && "is-filled", date && "form-item--float")}
			after={
				clearable && (
					<ClearButton
						controls={id}
						label={translate(clearable === true ? FORM_TEXTS.clear : clearable, lang)}
					/>
				)
			}
		>
			<input
				{...shared(props)}
				id={id}
				type={
					date ? "date" : password || field.type === "search" || field.type === "tel" ? field.type : "text"
				}
				className="form-item__control"
				defaultValue={password || typeof value !== "string" ? undefined : value}
				// A blank placeholder lets CSS float the label (:placeholder-shown) before JS runs.
				placeholder={date ? undefined : " "}
				inputMode={inputMode}
				enterKeyHint={field.enterKeyHint}
				autoComplete={field.autocomplete}
				aria-required={isRequired(field) || undefined}
				maxLength={maxLengthOf(field)}
				spellCheck={verbatim ? false : undefined}
				autoCapitalize={verbatim ? "off" : undefined}
			/>
		</Floating>
	);
}

function TextareaControl(props: ControlProps<TextareaField>) {
	const { field, id, value } = props;
	return (
		<Floating
			props={props}
			component="text-input"
			className={classes("text-input", "form-item--float", value && "is-filled")}
		>
			<textarea
				{...shared(props)}
				id={id}
				className="form-item__control"
				rows={field.rows ?? 4}
				defaultValue={typeof value === "string" ? value : undefined}
				placeholder=" "
				autoComplete={field.autocomplete}
				aria-required={isRequired(field) || undefined}
				maxLength={maxLengthOf(field)}
			/>
		</Floating>
	);
}

function CheckboxControl(props: ControlProps<CheckboxField>) {
	const { field, id, value, error } = props;
	return (
		<FormItem id={id} className="form-item--check" error={error} after={<Description {...props} />}>
			<div className="form-check">
				<input
					{...shared(props)}
					id={id}
					type="checkbox"
					className="form-check__input"
					defaultChecked={value === true}
					aria-required={isRequired(field) || undefined}
				/>
				<label className="form-check__label" htmlFor={id}>
					<Label {...props} />
				</label>
			</div>
		</FormItem>
	);
}

function ListControl(props: ControlProps<ChoiceField>) {
	const { field, id, rules, value, error, lang } = props;
	const radio = field.kind === "radioList";
	const first = firstItemId(id);
	const chosen = (option: string) => (Array.isArray(value) ? value.includes(option) : value === option);
	return (
		<FormItem id={first} className="form-item--choices" error={error} after={<Description {...props} />}>
			<fieldset className="form-choices">
				<legend className="form-choices__legend">
					{/* A group cannot be aria-required: its legend says so instead. */}
					<Label {...props} hiddenRequired />
				</legend>
				{field.options.map((option, i) => (
					<div className="form-check" key={option.value}>
						<input
							{...shared(props, first)}
							id={`${id}-${i}`}
							type={radio ? "radio" : "checkbox"}
							className="form-check__input"
							value={option.value}
							defaultChecked={chosen(option.value)}
							data-nette-rules={i === 0 ? rules : undefined}
							data-nette-error={i === 0 ? error : undefined}
						/>
						<label className="form-check__label" htmlFor={`${id}-${i}`}>
							{translate(option.label, lang)}
						</label>
					</div>
				))}
			</fieldset>
		</FormItem>
	);
}

/** Runs of consecutive options that share a group (or have none). */
function optionGroups(options: readonly Option[]): { group: Text | undefined; options: Option[] }[] {
	const runs: { group: Text | undefined; options: Option[] }[] = [];
	for (const option of options) {
		const last = runs.at(-1);
		// Texts compare by content: a group's text may be a new object for each of its options.
		if (last && JSON.stringify(last.group) === JSON.stringify(option.group)) last.options.push(option);
		else runs.push({ group: option.group, options: [option] });
	}
	return runs;
}

function SelectControl(props: ControlProps<ChoiceField>) {
	const { field, id, value, lang } = props;
	const multiple = field.kind === "multiSelect";
	const selected = multiple
		? Array.isArray(value)
			? value
			: []
		: typeof value === "string"
			? value
			: undefined;
	return (
		<Floating
			props={props}
			className={classes("form-item--float form-item--select", !multiple && "dropdown-select")}
			after={!multiple && <SelectChevron />}
		>
			<select
				{...shared(props)}
				id={id}
				className="form-item__control"
				multiple={multiple || undefined}
				defaultValue={selected ?? (field.prompt === undefined ? undefined : "")}
				autoComplete={field.autocomplete}
				aria-required={isRequired(field) || undefined}
			>
				{field.prompt !== undefined && <option value="">{translate(field.prompt, lang)}</option>}
				{optionGroups(field.options).map(({ group, options }) => {
					const items = options.map((option) => (
						<option key={option.value} value={option.value}>
							{translate(option.label, lang)}
						</option>
					));
					if (group === undefined) return items;
					const label = translate(group, lang);
					return (
						<optgroup key={`${label} ${options[0]?.value}`} label={label}>
							{items}
						</optgroup>
					);
				})}
			</select>
		</Floating>
	);
}

function FileControl(props: ControlProps<FileField>) {
	const { field, id } = props;
	return (
		<Floating props={props} className="form-item--float form-item--file" hiddenRequired>
			<input
				{...shared(props)}
				id={id}
				type="file"
				className="form-item__control"
				accept={field.accept}
				multiple={field.multiple || undefined}
			/>
		</Floating>
	);
}

/** One field's markup. */
export function Control(props: ControlProps): ReactNode {
	const { field } = props;
	switch (field.kind) {
		case "input":
		case "number":
			return <TextControl {...props} field={field} />;
		case "textarea":
			return <TextareaControl {...props} field={field} />;
		case "checkbox":
			return <CheckboxControl {...props} field={field} />;
		case "radioList":
		case "checkboxList":
			return <ListControl {...props} field={field} />;
		case "select":
		case "multiSelect":
			return <SelectControl {...props} field={field} />;
		case "file":
			return <FileControl {...props} field={field} />;
		case "hidden":
			return (
				<input type="hidden" name={props.name} value={typeof props.value === "string" ? props.value : ""} />
			);
		case "submit": {
			const scope = field.validationScope;
			// An id as every control has: an ajax answer that redraws the form puts focus back on it.
			return (
				<button
					type="submit"
					id={props.id}
					className="button button--primary"
					name={props.name}
					value={field.value}
					formNoValidate={scope ? true : undefined}
					data-nette-validation-scope={scope ? JSON.stringify(scope) : undefined}
				>
					{translate(field.label, props.lang)}
				</button>
			);
		}
	}
}
