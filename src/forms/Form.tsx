import { createContext, type ReactNode, use } from "react";
import { useSite } from "../render/site-context";
import { Control, firstItemId } from "./controls";
import { controlId, type FormDefinition, htmlName } from "./define";
import type { Field, Fields } from "./fields";
import { FORM_TEXTS } from "./form-texts";
import { type Lang, translate } from "./localized-text";
import { EMPTY_STATE, type FormState } from "./state";

interface FormContextValue {
	readonly form: FormDefinition;
	readonly state: FormState;
	readonly lang: Lang;
}

const FormContext = createContext<FormContextValue | null>(null);

function useForm(): FormContextValue {
	const context = use(FormContext);
	if (!context) throw new Error("<FormField> outside a <Form>");
	return context;
}

export interface FormProps<F extends Fields> {
	form: FormDefinition<F>;
	/** The site path the form is sent to (the base path is added). */
	action: string;
	/** After a failed submission: the user's values and the errors (readForm's `state`). */
	state?: FormState | undefined;
	method?: "post" | "get";
	/** Sent by the ajax runtime (class `ajax`) instead of by a page load. */
	ajax?: boolean;
	/** Rendered as the hidden field `_csrf`. */
	csrfToken?: string | undefined;
	className?: string;
	/** More attributes of the <form> (`data-autosubmit`, ...). */
	attributes?: Readonly<Record<`data-${string}` | `aria-${string}`, string>>;
	/** A custom layout of <FormField>s and other markup; without it every field in order, buttons last. */
	children?: ReactNode;
}

/**
 * A defined form as markup: controls with their rules, and after a failed submission the user's values,
 * each error next to its field and all of them in a summary at the top. The summary matches the
 * browser's (src/browser/forms/summary.ts), which replaces it on the next submit.
 */
export function Form<F extends Fields>({
	form,
	action,
	state = EMPTY_STATE,
	method = "post",
	ajax = false,
	csrfToken,
	className,
	attributes,
	children,
}: FormProps<F>) {
	const site = useSite();
	const { lang } = site;
	const fields: Field[] = Object.values(form.fields);
	const required = fields.some((field) => "required" in field && field.required);
	return (
		<form
			{...attributes}
			id={`frm-${form.name}`}
			className={["form", ajax && "ajax", className].filter(Boolean).join(" ")}
			action={site.href(action)}
			method={method}
			encType={form.multipart ? "multipart/form-data" : undefined}
		>
			<FormContext value={{ form, state, lang }}>
				<ErrorSummary />
				{csrfToken !== undefined && <input type="hidden" name="_csrf" value={csrfToken} />}
				{required && <p className="form-note">{translate(FORM_TEXTS.requiredNote, lang)}</p>}
				{children ?? <AllFields />}
			</FormContext>
		</form>
	);
}

/** One field of the surrounding <Form>, by key. */
export function FormField({ name }: { name: string }) {
	const { form, state, lang } = useForm();
	const field = form.fields[name];
	if (!field) throw new Error(`Form "${form.name}" has no field "${name}"`);
	return (
		<Control
			field={field}
			id={controlId(form.name, name)}
			name={htmlName(name, field)}
			rules={form.rulesJson(name, lang)}
			value={state.values[name]}
			error={state.errors[name]}
			lang={lang}
		/>
	);
}

/**
 * The default layout: fields in order, a group's fields in the element its toggles show and hide. A group
 * is rendered visible: without JavaScript nothing could show it again; the runtime applies toggles at start.
 */
function AllFields() {
	const { form } = useForm();
	const runs: { group: string | undefined; keys: string[] }[] = [];
	const buttons: string[] = [];
	for (const [key, field] of Object.entries(form.fields)) {
		if (field.kind === "submit") {
			buttons.push(key);
			continue;
		}
		const group = "group" in field ? field.group : undefined;
		const last = runs.at(-1);
		if (last && last.group === group) last.keys.push(key);
		else runs.push({ group, keys: [key] });
	}
	const list = (keys: string[]) => keys.map((key) => <FormField key={key} name={key} />);
	return (
		<>
			{runs.map(({ group, keys }) =>
				group === undefined ? (
					list(keys)
				) : (
					<div key={group} id={group} className="form-group">
						{list(keys)}
					</div>
				),
			)}
			{buttons.length > 0 && <div className="form-actions">{list(buttons)}</div>}
		</>
	);
}

/** The server's errors, each message once, linked to the first field that has it. */
function ErrorSummary() {
	const { form, state, lang } = useForm();
	const items: { message: string; target?: string }[] = [];
	const seen = new Set<string>();
	for (const [key, field] of Object.entries(form.fields)) {
		const message = state.errors[key];
		if (message === undefined || seen.has(message)) continue;
		seen.add(message);
		const id = controlId(form.name, key);
		const list = field.kind === "radioList" || field.kind === "checkboxList";
		items.push({ message, ...(field.kind === "hidden" ? {} : { target: list ? firstItemId(id) : id }) });
	}
	for (const message of state.formErrors) {
		if (seen.has(message)) continue;
		seen.add(message);
		items.push({ message });
	}
	if (!items.length) return null;
	return (
		<div className="form-summary" role="alert">
			<p className="form-summary__title">{translate(FORM_TEXTS.summary, lang)}</p>
			<ul>
				{items.map(({ message, target }) => (
					<li key={message}>{target ? <a href={`#${target}`}>{message}</a> : message}</li>
				))}
			</ul>
		</div>
	);
}
