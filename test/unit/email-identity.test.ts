import { describe, expect, it } from "vitest";
import { canonicalEmail, checkEmail } from "../../src/server/registration/email-identity";

/** The problem checkEmail finds, or the canonical form when it finds none. */
const verdict = (typed: string) => {
	const check = checkEmail(typed);
	return check.ok ? check.canonical : check.problem;
};

describe("one mailbox, one canonical form", () => {
	it.each([
		"alicetest@gmail.com",
		"Alice.Test+1@Gmail.com",
		"a.l.i.c.e.test@gmail.com",
		"alicetest@googlemail.com",
		"ALICETEST+voucher+2@GoogleMail.com",
		'"alicetest"@gmail.com',
		'"alice.test+3"@gmail.com',
		"alicetest@gmail.com.",
		"  alicetest@gmail.com\n",
		"ａｌｉｃｅｔｅｓｔ＠ｇｍａｉｌ．ｃｏｍ",
	])("folds the Gmail spelling %j to alicetest@gmail.com", (typed) => {
		expect(canonicalEmail(typed)).toBe("alicetest@gmail.com");
	});

	it("gives the same canonical form from checkEmail as from canonicalEmail", () => {
		for (const typed of ["Alice.Test+1@Gmail.com", "Jan.Novak+x@Outlook.CZ", "jana@Příklad.cz."]) {
			expect(checkEmail(typed)).toEqual({ ok: true, canonical: canonicalEmail(typed) });
		}
	});

	it.each([
		["Jan.Novak+eshop@Outlook.com", "jan.novak@outlook.com"],
		["jan.novak+x@hotmail.cz", "jan.novak@hotmail.cz"],
		["jan+a@live.com", "jan@live.com"],
		["jan+a@icloud.com", "jan@icloud.com"],
		["jan+a@me.com", "jan@me.com"],
		["jan+a+b@fastmail.com", "jan@fastmail.com"],
		["eshop@jan.fastmail.com", "jan@fastmail.com"],
		["John.Doe+news@proton.me", "john.doe@proton.me"],
		["john_doe+x@pm.me", "john_doe@pm.me"],
	])("drops the +tag of %s", (typed, canonical) => {
		expect(verdict(typed)).toBe(canonical);
	});

	it("keeps dots where only Gmail ignores them", () => {
		expect(canonicalEmail("jan.novak@outlook.com")).not.toBe(canonicalEmail("jannovak@outlook.com"));
		expect(canonicalEmail("jan.novak@seznam.cz")).toBe("jan.novak@seznam.cz");
	});

	it.each([
		["jan+news@firma.cz", "jan+news@firma.cz"],
		["Jan+News@Seznam.cz", "jan+news@seznam.cz"],
		["jan+news@yahoo.com", "jan+news@yahoo.com"],
		["jan-news@yahoo.com", "jan-news@yahoo.com"],
	])("does not fold the tag of %s at a domain not known to deliver tags", (typed, canonical) => {
		expect(verdict(typed)).toBe(canonical);
	});

	it("keeps a local part that starts with + (no name before the tag)", () => {
		expect(canonicalEmail("+abc@outlook.com")).toBe("+abc@outlook.com");
	});

	it("writes an internationalised domain in punycode, from Unicode or punycode alike", () => {
		expect(verdict("Jana@Příklad.cz")).toBe("jana@xn--pklad-zsa96e.cz");
		expect(verdict("jana@xn--pklad-zsa96e.cz")).toBe("jana@xn--pklad-zsa96e.cz");
		expect(verdict("user@faß.de")).toBe("user@xn--fa-hia.de");
	});

	it("folds compatibility forms (NFKC): fullwidth letters, ligatures, ideographic full stops", () => {
		expect(canonicalEmail("ｊａｎ@ｓｅｚｎａｍ.ｃｚ")).toBe("jan@seznam.cz");
		expect(canonicalEmail("ﬁlip@seznam.cz")).toBe("filip@seznam.cz");
		expect(canonicalEmail("jan@seznam。cz")).toBe("jan@seznam.cz");
	});

	it("strips exactly one trailing dot of the domain", () => {
		expect(verdict("jan@seznam.cz.")).toBe("jan@seznam.cz");
		expect(verdict("jan@seznam.cz..")).toBe("invalid");
	});

	it("splits at the last @", () => {
		expect(canonicalEmail('"jan@doma"@Seznam.cz')).toBe("jan@doma@seznam.cz");
	});
});

describe("addresses refused", () => {
	it.each([
		"",
		"   ",
		"alice",
		"@gmail.com",
		"alice@",
		"@",
		"alice@localhost",
		"alice test@gmail.com",
		"alice@gma il.com",
		"ali\u200bce@gmail.com",
		"alice\u034ftest@gmail.com",
		"alice@1.2.3.4",
		"alice@127.1",
		"alice@[192.0.2.1]",
		"alice@exa%6Dple.com",
		"alice@a_b.com",
		"alice@-ab.com",
		"alice@gmail.com:80",
		"alice@xn--zz.com",
		"alice@a\u200db.com",
		".alice@gmail.com",
		"alice.@gmail.com",
		"alice..test@gmail.com",
		'ali"ce@gmail.com',
		"<alice@gmail.com>",
		"alice,bob@gmail.com",
		`${"a".repeat(65)}@gmail.com`,
		`${"č".repeat(33)}@seznam.cz`,
		`${"a".repeat(60)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(63)}.com`,
	])("refuses %j as invalid", (typed) => {
		expect(verdict(typed)).toBe("invalid");
	});

	it("accepts a local part of exactly 64 octets", () => {
		expect(checkEmail(`${"a".repeat(64)}@gmail.com`).ok).toBe(true);
		expect(checkEmail(`${"č".repeat(32)}@seznam.cz`).ok).toBe(true);
	});

	it.each(['"alicetest"@gmail.com', '"alice test"@gmail.com', '"a@b"@seznam.cz', '""@seznam.cz'])(
		"refuses the quoted local part %j",
		(typed) => {
			expect(verdict(typed)).toBe("quoted");
		},
	);

	it.each([
		["a Cyrillic а in gmail.com", "alicetest@gm\u0430il.com"],
		["its punycode", "alicetest@xn--gmil-63d.com"],
		["a Greek ο in seznam.cz", "jan@sezn\u03bfm.cz"],
		["a Cyrillic name under a Latin top-level domain", "ivan@пример.com"],
		["a Cyrillic а in the local part", "\u0430lice@gmail.com"],
	])("refuses %s as mixed-script", (_case, typed) => {
		expect(verdict(typed)).toBe("mixed-script");
	});

	it("accepts a domain written in one script, whatever the script", () => {
		expect(verdict("jana@příklad.cz")).toBe("jana@xn--pklad-zsa96e.cz");
		expect(verdict("ivan@пример.рф")).toBe("ivan@xn--e1afmkfd.xn--p1ai");
		expect(verdict("ivan@xn--e1afmkfd.xn--p1ai")).toBe("ivan@xn--e1afmkfd.xn--p1ai");
		expect(verdict("ivan@почта-2024.рф")).toBe(canonicalEmail("ivan@почта-2024.рф"));
		expect(verdict("иван@пример.рф")).toBe("иван@xn--e1afmkfd.xn--p1ai");
	});

	it.each([
		"jan@mailinator.com",
		"jan@10minutemail.com",
		"jan@any.sub.mailinator.com",
		"JAN@MAILINATOR.COM.",
	])("refuses the disposable mailbox %s", (typed) => {
		expect(verdict(typed)).toBe("disposable");
	});

	it.each([
		"jan.novak@seznam.cz",
		"jan.novak@email.cz",
		"jan.novak@centrum.cz",
		"jan.novak@gmail.com",
		"jan.novak@outlook.com",
		"jan.novak@firma.co.uk",
	])("accepts the ordinary mailbox %s", (typed) => {
		expect(checkEmail(typed).ok).toBe(true);
	});
});

describe("canonicalEmail on anything stored", () => {
	it("never throws and gives a stable string for junk", () => {
		const junk = [
			"",
			"@",
			"@@@",
			"no at sign",
			"  MiXeD Case  ",
			'"',
			'"@"',
			"\\@\\",
			"a@b@c",
			"x@.",
			"x@-",
			"x@%",
			"x@[::1]",
			"x@http://example.com/",
			"\ud800@\udfff.com",
			"\u0000@\u0000",
			"👍@👍.com",
			"x@exa%zzmple.com",
			"a".repeat(10_000),
			`${"a".repeat(5000)}@${"b".repeat(5000)}`,
		];
		for (const typed of junk) {
			const canonical = canonicalEmail(typed);
			expect(typeof canonical).toBe("string");
			expect(canonicalEmail(typed)).toBe(canonical);
			expect(() => checkEmail(typed)).not.toThrow();
		}
		expect(canonicalEmail("  No At Sign  ")).toBe("no at sign");
	});

	it("is idempotent on what it returns for plausible addresses", () => {
		for (const typed of [
			"Alice.Test+1@Gmail.com",
			"jana@Příklad.cz",
			"eshop@jan.fastmail.com",
			'"jan"@seznam.cz',
		]) {
			const canonical = canonicalEmail(typed);
			expect(canonicalEmail(canonical)).toBe(canonical);
		}
	});
});
