import { createHmac, createSecretKey, type KeyObject } from "node:crypto";

/** A key for one purpose derived from the session secret, so that no token of one kind passes as another. */
export function deriveKey(secret: string, purpose: string): string {
	return createHmac("sha256", secret).update(`lumen antispam: ${purpose}`).digest("base64url");
}

// A process has a handful of keys; each is imported once.
const imported = new Map<string, KeyObject>();

/**
 * An HMAC-SHA256 of `data` with `key`, the same as `createHmac("sha256", key)`: from a key imported once,
 * which makes an HMAC about six times cheaper than one that imports its string key each time (a
 * registration makes three).
 */
export function hmac(key: string, data: string | Buffer, encoding: "hex" | "base64url"): string {
	let keyObject = imported.get(key);
	if (!keyObject) {
		keyObject = createSecretKey(key, "utf8");
		imported.set(key, keyObject);
	}
	return createHmac("sha256", keyObject).update(data).digest(encoding);
}
