import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "../../src/server/auth/password";
import { hashSessionId, isSessionId, newSessionId } from "../../src/server/auth/session";

describe("password hashes (scrypt)", () => {
	it("verifies the right password and refuses a wrong one", async () => {
		const hash = await hashPassword("correct horse battery");
		expect(hash).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
		expect(await verifyPassword("correct horse battery", hash)).toBe(true);
		expect(await verifyPassword("correct horse batterx", hash)).toBe(false);
		expect(await verifyPassword("", hash)).toBe(false);
	});

	it("salts every hash", async () => {
		expect(await hashPassword("same")).not.toBe(await hashPassword("same"));
	});

	it("refuses tampered or foreign hashes instead of throwing", async () => {
		const hash = await hashPassword("secret password");
		const parts = hash.split("$");
		const key = parts[5]!;
		const flipped = `${key[0] === "A" ? "B" : "A"}${key.slice(1)}`;
		const tampered = [
			[...parts.slice(0, 5), flipped].join("$"),
			[parts[0], 16384, ...parts.slice(2)].join("$"),
			[parts[0], 2 ** 24, ...parts.slice(2)].join("$"),
			[parts[0], 1000, ...parts.slice(2)].join("$"),
			hash.replace("scrypt", "bcrypt"),
			hash.slice(0, -4),
			"",
			"$2b$10$abcdefghijklmnopqrstuv",
		];
		for (const stored of tampered) expect(await verifyPassword("secret password", stored)).toBe(false);
	});
});

describe("session ids", () => {
	it("are 32 random bytes, stored as their SHA-256", () => {
		const id = newSessionId();
		expect(Buffer.from(id, "base64url")).toHaveLength(32);
		expect(isSessionId(id)).toBe(true);
		expect(newSessionId()).not.toBe(id);
		expect(hashSessionId(id)).toMatch(/^[0-9a-f]{64}$/);
		expect(hashSessionId(id)).toBe(hashSessionId(id));
		expect(hashSessionId(id)).not.toContain(id);
		// Known vector: SHA-256 of "abc".
		expect(hashSessionId("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
	});

	it("a cookie value that is not one is never looked up", () => {
		for (const value of [undefined, "", "short", `${newSessionId()}x`, "' or 1=1 --".padEnd(43, "a")]) {
			expect(isSessionId(value)).toBe(false);
		}
	});
});
