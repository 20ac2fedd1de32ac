import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from "node:crypto";

/**
 * Password hashes as `scrypt$<N>$<r>$<p>$<salt>$<key>` (base64url): the parameters travel with the hash,
 * so they can be raised later and old hashes still verify.
 */
const PARAMS = { N: 2 ** 15, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
/** A tampered hash must not make us allocate unbounded memory or spin for minutes. */
const MAX_N = 2 ** 17;
const MAX_R = 16;
const MAX_P = 4;

function derive(
	password: string,
	salt: Buffer,
	params: { N: number; r: number; p: number },
): Promise<Buffer> {
	// scrypt needs 128 * N * r bytes; Node's default ceiling (32 MiB) is exactly N=2^15, r=8.
	const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r };
	return new Promise((resolve, reject) =>
		scrypt(password.normalize("NFC"), salt, KEY_LENGTH, options, (error, key) =>
			error ? reject(error) : resolve(key),
		),
	);
}

/**
 * A new password's hash, with the cost every account gets. `params` is for tests' seeded accounts only:
 * they sign in hundreds of times, and a hash with cheaper parameters is verified by the same code.
 */
export async function hashPassword(
	password: string,
	params: { readonly N: number; readonly r: number; readonly p: number } = PARAMS,
): Promise<string> {
	const salt = randomBytes(SALT_LENGTH);
	const key = await derive(password, salt, params);
	return ["scrypt", params.N, params.r, params.p, salt.toString("base64url"), key.toString("base64url")].join(
		"$",
	);
}

/** False for a wrong password and for anything that is not a hash this module made. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
	const parsed = parseHash(stored);
	if (!parsed) return false;
	const key = await derive(password, parsed.salt, parsed.params);
	return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
}

function parseHash(stored: string) {
	const parts = stored.split("$");
	if (parts.length !== 6 || parts[0] !== "scrypt") return undefined;
	const [N, r, p] = parts.slice(1, 4).map((part) => (/^\d{1,7}$/.test(part) ? Number(part) : Number.NaN));
	if (N === undefined || r === undefined || p === undefined) return undefined;
	const powerOfTwo = N > 1 && (N & (N - 1)) === 0;
	if (!powerOfTwo || N > MAX_N || !(r >= 1 && r <= MAX_R) || !(p >= 1 && p <= MAX_P)) return undefined;
	const salt = Buffer.from(parts[4] ?? "", "base64url");
	const key = Buffer.from(parts[5] ?? "", "base64url");
	if (salt.length < SALT_LENGTH || key.length !== KEY_LENGTH) return undefined;
	return { params: { N, r, p }, salt, key };
}

/**
 * Verifying against this when no account has the e-mail makes a sign-in take as long either way, so
 * timing does not tell which e-mails have accounts.
 */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
	dummyHash ??= hashPassword(randomBytes(16).toString("base64url"));
	return dummyHash;
}
