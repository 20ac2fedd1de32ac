/**
 * How a modal's openers, the modal and components around it talk: through events on the <dialog>, so
 * that each stays its own chunk and works with markup from any server. The dialog's own `close` event
 * marks the end of a showing.
 */

/** Asks the dialog's modal component to open; it calls preventDefault() when it takes the request. */
export const MODAL_OPEN = "modal:open";
/** Dispatched by the modal (bubbling) once it shows, content loaded and focus moved in. */
export const MODAL_OPENED = "modal:opened";

export interface ModalOpenRequest {
	/** Gets focus back when the modal closes, and the loading state while content loads. */
	opener: HTMLElement | null;
	/** Content to load first: the payload's snippet `snippet` of this URL goes into the modal's body. */
	url?: string | undefined;
	snippet?: string | undefined;
}

declare global {
	interface HTMLElementEventMap {
		[MODAL_OPEN]: CustomEvent<ModalOpenRequest>;
		[MODAL_OPENED]: Event;
	}
}

/** Asks `dialog` to open; false when no modal component took the request (not connected yet). */
export function requestModal(dialog: HTMLElement, request: ModalOpenRequest): boolean {
	return !dialog.dispatchEvent(new CustomEvent(MODAL_OPEN, { cancelable: true, detail: request }));
}
