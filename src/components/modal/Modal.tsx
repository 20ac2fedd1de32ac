import type { ReactNode } from "react";
import type { Lang } from "../../i18n";
import { CloseIcon } from "../shared/icons";
import { writeProps } from "../shared/props";
import { MODAL_PROPS } from "./props";

export interface ModalTexts {
	/** Accessible name of the close button. */
	close: string;
	/** Shown in the modal when its content could not be loaded. */
	loadError: string;
	/** The link to the content's own page, offered after a load error. */
	openPage: string;
}

export const MODAL_TEXTS: Record<Lang, ModalTexts> = {
	cs: {
		close: "Zavřít",
		loadError: "Obsah se nepodařilo načíst. Zkontrolujte připojení a zkuste to znovu.",
		openPage: "Otevřít jako stránku",
	},
	en: {
		close: "Close",
		loadError: "The content could not be loaded. Check your connection and try again.",
		openPage: "Open as a page",
	},
};

interface ModalProps {
	/** The dialog's id: openers name it (aria-controls), and a link to #id shows it without JavaScript. */
	id: string;
	title: ReactNode;
	lang?: Lang;
	/** full: the whole screen, white, for content that must be seen from afar (a barcode at the till). */
	size?: "default" | "full";
	className?: string;
	/** Omitted when an opener loads the content (data-modal-opener-url). */
	children?: ReactNode;
}

/**
 * A native <dialog>, rendered closed; the modal component opens it as a modal when an opener asks.
 * Without JavaScript a link to #id shows it as a section of the page in its place (CSS `:target`), and
 * an opener that loads content is a plain link to the content's page.
 */
export function Modal({ id, title, lang = "cs", size = "default", className, children }: ModalProps) {
	const texts = MODAL_TEXTS[lang];
	const classes = ["modal", size === "full" ? "modal--full" : undefined, className].filter(Boolean);
	return (
		<dialog
			id={id}
			className={classes.join(" ")}
			aria-labelledby={`${id}-title`}
			data-component="modal"
			{...writeProps(MODAL_PROPS, { loadError: texts.loadError, openPage: texts.openPage })}
		>
			<div className="modal__panel">
				<div className="modal__header">
					<h2 className="modal__title" id={`${id}-title`} tabIndex={-1}>
						{title}
					</h2>
					<button type="button" className="modal__close" aria-label={texts.close}>
						<CloseIcon />
					</button>
				</div>
				<div className="modal__body">{children}</div>
			</div>
		</dialog>
	);
}
