import type { ReactNode } from "react";
import { type SnippetName, snippetId } from "../../snippet-names";
import { writeProps } from "../shared/props";
import { MODAL_OPENER_PROPS } from "./props";

interface ModalOpenerProps {
	/** The id of the <Modal> it opens. */
	modal: string;
	/**
	 * Where the link leads without JavaScript (and with a modifier key): default `#modal`, which shows
	 * the modal's content in its place, or `url` when the content is loaded.
	 */
	href?: string;
	/** Loads the modal's content from this URL (its ajax payload's snippet) before showing it. */
	url?: string;
	/** The snippet of that payload holding the content (default `modal`). */
	snippet?: SnippetName;
	className?: string;
	children: ReactNode;
}

/**
 * A link that opens a modal: with JavaScript the modal-opener component shows the dialog instead of
 * following it, so that the content is reachable without JavaScript too.
 */
export function ModalOpener({ modal, href, url, snippet, className, children }: ModalOpenerProps) {
	return (
		<a
			href={href ?? url ?? `#${modal}`}
			className={["modal-opener", className].filter(Boolean).join(" ")}
			data-component="modal-opener"
			aria-controls={modal}
			aria-haspopup="dialog"
			{...writeProps(MODAL_OPENER_PROPS, { url, snippet: snippet && snippetId(snippet) })}
		>
			{children}
		</a>
	);
}
