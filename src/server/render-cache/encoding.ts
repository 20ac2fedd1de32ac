/**
 * The stored compression a client takes, by its Accept-Encoding: brotli, else gzip, else none.
 * A coding listed with q=0 is refused; `*` stands for any coding not listed.
 */
export function acceptedEncoding(header: string | undefined): "br" | "gzip" | undefined {
	if (!header) return undefined;
	const quality = new Map<string, number>();
	for (const item of header.split(",")) {
		const [name = "", ...params] = item.trim().toLowerCase().split(";");
		const q = params
			.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1])
			.find((value) => value !== undefined);
		quality.set(name.trim(), q === undefined ? 1 : Number(q));
	}
	const accepts = (coding: string) => (quality.get(coding) ?? quality.get("*") ?? 0) > 0;
	if (accepts("br")) return "br";
	if (accepts("gzip")) return "gzip";
	return undefined;
}
