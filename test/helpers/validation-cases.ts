/**
 * The seeded generator of forms for the server/browser parity test (test/e2e/forms-parity.test.tsx):
 * each case is a form of the server forms API with random fields, rules and messages, and what a user
 * enters into it. Rules cover every validator of the engine, negated, inside conditions on the field
 * itself, on another field or on a submit button, with other fields as arguments; messages carry
 * `%value` and `%N` placeholders (also beyond the arguments); values include empty ones, Unicode,
 * numbers with commas and spaces, lists and files. The same seed always gives the same cases.
 */

import type { Rule, RuleItem } from "../../src/forms/rules";
import { defineForm, type Field, type FormDefinition, field, rule } from "../../src/server/forms";

export interface FileSpec {
	readonly name: string;
	readonly type: string;
	readonly size: number;
}

/** What a user enters: text, a checkbox's state, the chosen option values, or files. */
export type UserInput = string | boolean | readonly string[] | readonly FileSpec[];

export interface ParityCase {
	readonly form: FormDefinition;
	/** By field key. */
	readonly input: Readonly<Record<string, UserInput>>;
	/** The key of the button that submits the form. */
	readonly submitter: string;
}

/** mulberry32: small, fast and good enough to pick test data. */
function random(seed: number) {
	let state = seed >>> 0;
	const next = () => {
		state = (state + 0x6d2b79f5) >>> 0;
		let t = state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
	const int = (n: number) => Math.floor(next() * n);
	const pick = <T>(items: readonly T[]): T => items[int(items.length)] as T;
	const chance = (p: number) => next() < p;
	const subset = <T>(items: readonly T[]): T[] => items.filter(() => chance(0.4));
	return { int, pick, chance, subset };
}

type Random = ReturnType<typeof random>;

const TEXTS = [
	"",
	" ",
	"a",
	"abc",
	"ABC",
	"b",
	"ž",
	"Příliš žluťoučký kůň",
	"😀",
	"😀😀x",
	"a@b.cz",
	" jana@example.cz ",
	"x@y",
	"Jana@Příklad.cz",
	"example.com",
	"http://Example.com/a?b=1",
	"HTTPS://lumen.example",
	"ftp://x.cz",
	"42",
	" 42 ",
	"-3",
	"0018",
	"1,5",
	"1 000,5",
	"1.5e3",
	",5",
	"3.",
	"10",
	"2024-06-15",
	"2023-12-31",
	"<b>&amp;</b>",
	"%value %0",
	"4006381333931",
	"4006381333932",
	"2900000000001",
];
const MULTILINE = ["", "line\nnext", "  padded  ", "a\n\nb", "😀\n"];
const DATES = ["", "2024-06-15", "2023-12-31", "2025-01-01", "2024-01-01"];
const OPTIONS = ["a", "b", "ž", "10"];
const FILES: readonly FileSpec[] = [
	{ name: "photo.png", type: "image/png", size: 120 },
	{ name: "scan.jpg", type: "image/jpeg", size: 3000 },
	{ name: "anim.webp", type: "image/webp", size: 40 },
	{ name: "notes.txt", type: "text/plain", size: 10 },
	{ name: "Příloha 😀.pdf", type: "application/pdf", size: 900 },
];
/** Arguments a rule may compare with; numbers, text (date bounds compare as text), Unicode. */
const ARGS = [0, 1, 2, 3, 5, 10, 18, 1.5, -3, 1000, "a", "abc", "ž", "10", "2024-01-01", "2024-12-31", "😀"];
const PATTERNS = ["[a-z]+", "\\d{2,}", ".*ž.*", "[A-Z]\\w*", "(a|b)+", "[", "\\p{L}+", "😀.*"];
const REGEXPS = ["/^a/i", "/\\d/", "/ž$/u", "/[/", "/^\\s*$/", "/x/m", "not a regexp"];
const MESSAGES = [
	"Chyba.",
	"%value neplatí.",
	"Mezi %0 a %1.",
	"%label: „%value“ (%0)",
	"Nejvýš %d, ne %value.",
	"%2 a %value",
	"Pole %name ✓ 😀",
];

type Kind =
	| "text"
	| "textarea"
	| "integer"
	| "float"
	| "email"
	| "url"
	| "date"
	| "checkbox"
	| "radioList"
	| "select"
	| "checkboxList"
	| "multiSelect"
	| "file"
	| "files";

const KINDS: readonly Kind[] = [
	"text",
	"text",
	"text",
	"textarea",
	"integer",
	"float",
	"email",
	"url",
	"date",
	"checkbox",
	"radioList",
	"select",
	"checkboxList",
	"multiSelect",
	"file",
	"files",
];

const isFileKind = (kind: Kind) => kind === "file" || kind === "files";

function makeField(r: Random, kind: Kind, label: string, rules: RuleItem[]): Field {
	const common = {
		label,
		rules,
		...(r.chance(0.3) ? { required: r.chance(0.5) ? true : r.pick(MESSAGES) } : {}),
	};
	const options = OPTIONS.map((value) => ({ value, label: `Volba ${value}` }));
	switch (kind) {
		case "text":
		case "email":
		case "url":
		case "date":
		case "textarea":
		case "integer":
		case "float":
		case "checkbox":
		case "file":
		case "files":
			return field[kind](common);
		case "select":
			return field.select({ ...common, options, ...(r.chance(0.7) ? { prompt: "Vyberte" } : {}) });
		default:
			return field[kind]({ ...common, options });
	}
}

function makeInput(r: Random, kind: Kind): UserInput {
	switch (kind) {
		case "textarea":
			return r.pick(MULTILINE);
		case "date":
			return r.pick(DATES);
		case "checkbox":
			return r.chance(0.5);
		case "radioList":
		case "select":
			return r.chance(0.25) ? [] : [r.pick(OPTIONS)];
		case "checkboxList":
		case "multiSelect":
			return r.subset(OPTIONS);
		case "file":
			return r.chance(0.3) ? [] : [r.pick(FILES)];
		case "files":
			return r.subset(FILES);
		default:
			return r.pick(TEXTS);
	}
}

/** A test on a field of this kind: any of the engine's validators with a fitting argument. */
function test(r: Random, kind: Kind, others: readonly string[]): Rule {
	const msg = r.pick(MESSAGES);
	const arg = () => (others.length && r.chance(0.25) ? rule.ref(r.pick(others)) : r.pick(ARGS));
	const bound = () => (r.chance(0.15) ? null : arg());
	const n = () => r.pick([0, 1, 2, 3, 5, 20]);
	const literal = (op: string, value: unknown): Rule => ({ op, neg: false, arg: value, msg });
	const files: (() => Rule)[] = [
		() => rule.fileSize(r.pick([50, 1000, 5000]), msg),
		() => rule.mimeType(r.pick(["image/*", ["image/png", "text/plain"], "application/pdf"]), msg),
		() => rule.image(msg),
	];
	const general: (() => Rule)[] = [
		() => rule.filled(msg),
		() => rule.blank(msg),
		() => rule.equal(r.chance(0.3) ? [arg(), arg()] : arg(), msg),
		() => rule.notEqual(r.chance(0.3) ? [arg(), arg()] : arg(), msg),
		() => rule.minLength(n(), msg),
		() => rule.maxLength(n(), msg),
		() => rule.length(r.chance(0.5) ? n() : [r.chance(0.2) ? null : n(), r.chance(0.2) ? null : n()], msg),
		() => rule.email(msg),
		() => rule.url(msg),
		() => literal("regexp", r.pick(REGEXPS)),
		() => rule.pattern(r.pick(PATTERNS), msg),
		() => rule.patternCaseInsensitive(r.pick(PATTERNS), msg),
		() => rule.integer(msg),
		() => rule.float(msg),
		() => rule.numeric(msg),
		() => rule.min(arg() as number, msg),
		() => rule.max(arg() as number, msg),
		() => rule.range(bound() as number, bound() as number, msg),
		() => literal("static", r.pick([true, false])),
		() => rule.ean13(msg),
	];
	const made = r.pick(isFileKind(kind) ? [...files, ...general.slice(0, 7)] : general)();
	return r.chance(0.2) ? rule.not(made) : made;
}

function rules(r: Random, kind: Kind, key: string, keys: readonly string[], depth = 0): RuleItem[] {
	const others = keys.filter((other) => other !== key);
	const items: RuleItem[] = [];
	for (let i = r.int(3) + (depth ? 1 : 0); i > 0; i--) {
		if (depth < 2 && r.chance(0.25)) {
			const then = { rules: rules(r, kind, key, keys, depth + 1) };
			const on = others.length && r.chance(0.5) ? r.pick(others) : undefined;
			if (on === undefined) items.push(rule.when(test(r, kind, others), then));
			else if (r.chance(0.2)) items.push(rule.whenOn(on, rule.valid(), then));
			// The kinds of other fields are not known here: a general test, as Nette allows any.
			else items.push(rule.whenOn(on, test(r, "text", others), then));
		} else if (depth && r.chance(0.1)) {
			items.push(rule.whenOn("send", rule.submitted(), { rules: [test(r, kind, others)] }));
		} else {
			items.push(test(r, kind, others));
		}
	}
	return items;
}

/** `count` forms from `seed`, named `<prefix>0`, `<prefix>1`, ... */
export function parityCases(seed: number, count: number, prefix = "p"): ParityCase[] {
	const r = random(seed);
	return Array.from({ length: count }, (_, i) => {
		const kinds = Array.from({ length: 2 + r.int(3) }, () => r.pick(KINDS));
		const keys = kinds.map((_, j) => `f${j}`);
		const fields: Record<string, Field> = {};
		const input: Record<string, UserInput> = {};
		kinds.forEach((kind, j) => {
			const key = keys[j] as string;
			fields[key] = makeField(r, kind, `Pole ${j} ž`, rules(r, kind, key, keys));
			input[key] = makeInput(r, kind);
		});
		fields.send = field.submit({ label: "Odeslat", value: "ok" });
		const buttons = ["send"];
		if (r.chance(0.3)) {
			fields.partial = field.submit({ label: "Část", validationScope: r.subset(keys) });
			buttons.push("partial");
		}
		return { form: defineForm(`${prefix}${i}`, fields), input, submitter: r.pick(buttons) };
	});
}
