import { createHmac } from "node:crypto";

/** A key for one purpose derived from the session secret, so that no token of one kind passes as another. */
export function deriveKey(secret: string, purpose: string): string {
	return createHmac("sha256", secret).update(`lumen antispam: ${purpose}`).digest("base64url");
}
