/**
 * Every snippet of the site: the parts of a page an ajax answer can replace (docs/markup-contract.md,
 * Snippets). `<Snippet name>`, the handlers choosing which snippets to send and the browser all name
 * snippets from here, so a misspelt name does not compile. Test fixtures add their own by merging into
 * this interface (test/fixtures/snippet-names.ts).
 */
export interface SnippetNames {
	/** The document title: the browser sets `document.title` from it. */
	title: true;
	/** The shared modal's content (components/modal), e.g. the terms. */
	modal: true;
	register: true;
	inbox: true;
	"inbox-notice": true;
	"inbox-actions": true;
	storesCount: true;
	storesResults: true;
	/** "Load more" appends to it. */
	storesList: true;
	storesMore: true;
	redeem: true;
	today: true;
	/** The dashboard's charts and tables (/staff/dashboard): a new filter replaces them. */
	dashboard: true;
	/** The modal's content on the component gallery (development and test). */
	"gallery-modal-hours": true;
	/** An editable text's controls in the content-editing view: `cms-<block key>`. */
	[editableBlock: `cms-${string}`]: true;
}

export type SnippetName = keyof SnippetNames;

/** The element id of a snippet, as Nette names them: `snippet--<name>`. */
export type SnippetId = `snippet--${SnippetName}`;

export const snippetId = (name: SnippetName): SnippetId => `snippet--${name}`;
