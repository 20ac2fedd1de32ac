import type { ReactNode } from "react";

/** Ids of a form item's parts, derived from its control's id so that markup from any server can match. */
export function formItemIds(id: string) {
	return { error: `${id}-error`, counter: `${id}-counter` };
}

interface FormItemProps {
	/** The control's id. */
	id: string;
	/** Component names for the loader (data-component) and their props' attributes (writeProps). */
	component?: string | undefined;
	props?: Record<`data-${string}`, string> | undefined;
	className?: string | undefined;
	/** The server's message for an invalid value: renders the has-error state. */
	error?: string | undefined;
	children: ReactNode;
	/** Below the field, before the error block (counter, hint). */
	after?: ReactNode;
}

/**
 * The `.form-item` wrapper every control sits in (docs/markup-contract.md, Forms): the field, then the error block whose
 * id the control names in aria-describedby. Live validation toggles is-valid / has-error on it.
 */
export function FormItem({ id, component, props, className, error, children, after }: FormItemProps) {
	const classes = ["form-item", className, error ? "has-error" : undefined].filter(Boolean).join(" ");
	return (
		<div className={classes} data-component={component} {...props}>
			{children}
			{after}
			<p className="form-item__error" id={formItemIds(id).error}>
				{error}
			</p>
		</div>
	);
}
