import { domainToASCII, domainToUnicode } from "node:url";
import mailchecker from "mailchecker";

/**
 * One voucher per mailbox. A voucher is money, and one mailbox answers to many spellings: case,
 * fullwidth letters, a trailing dot after the domain, the domain in Unicode or in punycode, a quoted
 * local part, Gmail's dots and googlemail.com, "+tags" at providers that deliver them. canonicalEmail()
 * folds every spelling of a mailbox to one string, which the database keeps unique among registrations
 * (`email_canonical`); checkEmail() also refuses addresses not worth a voucher: implausible ones,
 * quoted ones, look-alike domains that mix scripts, and disposable-mailbox services.
 *
 * A fold is right only where the provider really delivers both spellings to one mailbox: folding two
 * people's mailboxes together would refuse the second person the voucher. Hence the short lists below
 * and nothing folded at other domains.
 *
 * The canonical forms are stored. Changing these rules therefore needs a new migration that recomputes
 * the stored `email_canonical` values with the new rules (as the migration that added them computed
 * them for the rows before it), or old and new rows would not match.
 */

export type EmailProblem = "invalid" | "quoted" | "mixed-script" | "disposable";

export type EmailCheck =
	| { readonly ok: true; readonly canonical: string }
	| { readonly ok: false; readonly problem: EmailProblem };

/** Gmail ignores dots in the local part and everything from a "+"; googlemail.com is the same mailbox. */
const GMAIL = "gmail.com";
const GOOGLEMAIL = "googlemail.com";

/**
 * Providers documented to deliver "name+tag" to "name" (RFC 5233 sub-addressing):
 * Microsoft's consumer mail (Outlook.com, with its older and regional domains as offered in Czechia and
 * Slovakia), Apple's iCloud, Fastmail and Proton. Left out on purpose:
 * - Yahoo documents no "+tags". Its disposable addresses are "basename-keyword", where the base name is
 *   chosen apart from the account's own address: cutting at "-" would not find the mailbox, and could
 *   merge different people whose names contain a hyphen.
 * - Seznam.cz (seznam.cz, email.cz, post.cz): we found nothing saying it delivers "+tags", so it is
 *   left out until someone checks (an address that gets no mail can never be confirmed anyway).
 * Only folds a provider documents: two mailboxes folded into one would send one person's voucher link
 * to the other (a known mailbox gets its voucher's link again). So Proton's dots stay, undocumented.
 */
const PLUS_TAG_DOMAINS = new Set([
	"outlook.com",
	"outlook.cz",
	"outlook.sk",
	"hotmail.com",
	"hotmail.cz",
	"hotmail.sk",
	"live.com",
	"msn.com",
	"icloud.com",
	"me.com",
	"mac.com",
	"fastmail.com",
	"fastmail.fm",
	"proton.me",
	"protonmail.com",
	"protonmail.ch",
	"pm.me",
]);

/** Fastmail's subdomain addressing: "tag@name.fastmail.com" is "name+tag@fastmail.com". */
const FASTMAIL_SUBDOMAIN = /^([a-z0-9-]+)\.(fastmail\.(?:com|fm))$/;

/**
 * Writing systems, each a set of scripts one name may use (UTS #39's single-script rule; Japanese,
 * Korean and Chinese mix Han with their own scripts). Characters of Common or Inherited script
 * (digits, "-", ".", combining marks) go with any of them; characters whose Script_Extensions name a
 * script (U+30FC, Arabic-Indic digits) go with those.
 */
const WRITING_SYSTEMS = [
	["Latin"],
	["Cyrillic"],
	["Greek"],
	["Armenian"],
	["Georgian"],
	["Cherokee"],
	["Hebrew"],
	["Arabic"],
	["Thai"],
	["Devanagari"],
	["Han", "Hiragana", "Katakana"],
	["Han", "Hangul"],
	["Han", "Bopomofo"],
];
const anyOf = (scripts: readonly string[]) => scripts.map((script) => `\\p{scx=${script}}`).join("");
const SINGLE_SCRIPT = WRITING_SYSTEMS.map(
	(scripts) => new RegExp(`^[\\p{scx=Common}\\p{scx=Inherited}${anyOf(scripts)}]*$`, "u"),
);
const LISTED_SCRIPT = new RegExp(`[${anyOf([...new Set(WRITING_SYSTEMS.flat())])}]`, "u");

/** An unquoted local part: RFC 5322 dot-atom, with letters, marks and digits of any script (RFC 6531). */
const DOT_ATOM = /^[\p{L}\p{M}\p{N}!#$%&'*+/=?^_`{|}~-]+(?:\.[\p{L}\p{M}\p{N}!#$%&'*+/=?^_`{|}~-]+)*$/u;
/** Host names under an alphabetic (or punycode) top-level domain: no IP addresses, no underscores. */
const ASCII_DOMAIN =
	/^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;
/** Spaces, controls and invisible characters (zero-width, bidi controls, joiners): no place in an address. */
const INVISIBLE = /[\p{Z}\p{C}\p{Default_Ignorable_Code_Point}]/u;

/** An address as typed, normalised (NFKC, trimmed, lower case, the domain in ASCII) but not folded. */
interface Spelling {
	readonly local: string;
	/** The domain as typed (NFKC, without one trailing dot). */
	readonly typedDomain: string;
	/** The IDNA ASCII form, or the typed domain in lower case when it has none. */
	readonly domain: string;
	readonly hasAscii: boolean;
}

function normalise(typed: string): string {
	return typed.trim().normalize("NFKC");
}

function spell(text: string): Spelling | undefined {
	const at = text.lastIndexOf("@");
	if (at < 0) return undefined;
	const typedDomain = text.slice(at + 1).replace(/\.$/, "");
	const ascii = domainToASCII(typedDomain);
	return {
		local: text.slice(0, at).toLowerCase(),
		typedDomain,
		domain: (ascii || typedDomain).toLowerCase(),
		hasAscii: ascii !== "",
	};
}

function isQuoted(local: string): boolean {
	return local.length >= 2 && local.startsWith('"') && local.endsWith('"');
}

/** A quoted local part names the same mailbox as its content: `"alice"` is `alice`. */
function unquote(local: string): string {
	return isQuoted(local) ? local.slice(1, -1).replace(/\\(.)/gsu, "$1") : local;
}

/** "name+tag" → "name"; a local part that starts with "+" has no name before it and stays. */
function withoutTag(local: string): string {
	const plus = local.indexOf("+");
	return plus > 0 ? local.slice(0, plus) : local;
}

function fold({ local: typedLocal, domain: typedDomain }: Spelling): string {
	let local = unquote(typedLocal);
	let domain = typedDomain === GOOGLEMAIL ? GMAIL : typedDomain;
	const fastmail = FASTMAIL_SUBDOMAIN.exec(domain);
	if (fastmail) {
		local = `${fastmail[1]}+${local}`;
		domain = fastmail[2]!;
	}
	if (domain === GMAIL) local = withoutTag(local).replaceAll(".", "");
	else if (PLUS_TAG_DOMAINS.has(domain)) local = withoutTag(local);
	return `${local}@${domain}`;
}

/**
 * The canonical form of an address without judging it: every spelling of one mailbox gives the same
 * string. Never throws, and gives a stable string for anything (rows stored before these rules are
 * recomputed with it).
 */
export function canonicalEmail(typed: string): string {
	const text = normalise(typed);
	const spelling = spell(text);
	return spelling ? fold(spelling) : text.toLowerCase();
}

/** Whether an address may register, and its canonical form when it may. */
export function checkEmail(typed: string): EmailCheck {
	const spelling = spell(normalise(typed));
	if (!spelling) return { ok: false, problem: "invalid" };
	const problem = problemOf(spelling);
	return problem ? { ok: false, problem } : { ok: true, canonical: fold(spelling) };
}

function problemOf({ local, typedDomain, domain, hasAscii }: Spelling): EmailProblem | undefined {
	if (local === "" || typedDomain === "") return "invalid";
	if (isQuoted(local)) return "quoted";
	const localOctets = Buffer.byteLength(local);
	if (
		INVISIBLE.test(local) ||
		INVISIBLE.test(typedDomain) ||
		!DOT_ATOM.test(local) ||
		localOctets > 64 ||
		localOctets + 1 + domain.length > 254 ||
		// A URL host may be percent-encoded; an address's domain may not.
		typedDomain.includes("%") ||
		!hasAscii ||
		!ASCII_DOMAIN.test(domain)
	) {
		return "invalid";
	}
	const unicodeDomain = domainToUnicode(domain);
	// A punycode label that does not decode, or does not encode back to itself, is no IDNA name.
	if (/(?:^|\.)xn--/.test(unicodeDomain) || domainToASCII(unicodeDomain) !== domain) return "invalid";
	if (mixesScripts(unicodeDomain) || mixesScripts(local)) return "mixed-script";
	if (isDisposable(domain)) return "disposable";
	return undefined;
}

/**
 * Letters of more than one writing system (a Cyrillic "а" in "gmаil.com"). Text whose letters all
 * belong to scripts not listed above cannot be judged here and passes.
 */
function mixesScripts(text: string): boolean {
	return !SINGLE_SCRIPT.some((system) => system.test(text)) && LISTED_SCRIPT.test(text);
}

/**
 * On the mailchecker package's list of disposable-mailbox domains (kept current by `npm update`), or
 * under one of them: "x.mailinator.com" as well as "mailinator.com".
 */
function isDisposable(domain: string): boolean {
	const listed = mailchecker.blacklist();
	for (let suffix = domain; suffix.includes("."); suffix = suffix.slice(suffix.indexOf(".") + 1)) {
		if (listed.has(suffix)) return true;
	}
	return false;
}
