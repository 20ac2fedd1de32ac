/**
 * How much a form submission may carry. Uploads are kept in memory (no temporary files to clean up), so
 * these bound the memory one request can take: MAX_FILES × MAX_FILE_SIZE plus the fields. A feature that
 * needs bigger files should stream them to DATA_DIR instead of raising these.
 */
export const FORM_LIMITS = {
	/** A whole urlencoded body (Fastify's default); a form may declare less (FormOptions.bodyLimit). */
	bodySize: 1024 * 1024,
	/** One field value: ample for any text a person types into a form. */
	fieldSize: 64 * 1024,
	fieldNameSize: 200,
	/** Fields (not files) of one submission. */
	fields: 200,
	/** One uploaded file (PHP's default upload_max_filesize, which Nette's upload control uses too). */
	fileSize: 2 * 1024 * 1024,
	/** Files of one submission. */
	files: 4,
} as const;
