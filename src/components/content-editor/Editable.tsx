import { useSite } from "../../render/site-context";
import { ContentEditor } from "./ContentEditor";

export type EditableTag = "h1" | "h2" | "h3" | "h4" | "p" | "span" | "li" | "strong";

export interface EditableProps {
	/** The block's key, the same in every language: `home.hero.title`. */
	id: string;
	as?: EditableTag;
	/** The element's own HTML id (anchors, aria-labelledby). */
	elementId?: string;
	className?: string;
	/** The default text (from src/i18n/site-texts.ts), shown until an editor saves the block in this language. */
	children: string;
}

/**
 * A page text editors can change: the stored block for (key, language) when there is one, else the default.
 * Plain text only, escaped on output like any React text. In the editing view (an editor's `?edit`) it
 * becomes editable in place with a save button and its history, inside a block-level wrapper.
 */
export function Editable({ id, as: Tag = "p", elementId, className, children }: EditableProps) {
	const { cmsMode, content } = useSite();
	const block = content.block(id);
	const text = block?.body ?? children;
	if (!cmsMode) {
		return (
			<Tag id={elementId} className={className}>
				{text}
			</Tag>
		);
	}
	return (
		<ContentEditor
			blockKey={id}
			as={Tag}
			elementId={elementId}
			className={className}
			text={text}
			version={block?.version ?? 0}
			history={content.history(id)}
			defaultText={children}
		/>
	);
}
