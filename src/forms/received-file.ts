/** A file a form received, held in memory (body.ts reads it, FORM_LIMITS bound it). */
export interface ReceivedFile {
	readonly name: string;
	readonly type: string;
	/** Bytes received; over the limit it is FORM_LIMITS.fileSize + 1 and `data` is empty. */
	readonly size: number;
	readonly data: Buffer;
}
