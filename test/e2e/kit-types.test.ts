/**
 * The kit's declarations as a consumer gets them: dist/kit installed as a package (its package.json's
 * `exports` and `types`), and small page scripts typechecked against it with `tsc`: one for a page with
 * both runtime.js and nette-forms.js (both declarations of the global `Nette` at once), one for a page
 * with the runtime alone. The `@ts-expect-error` lines fail the check if a declaration is loose (`any`)
 * where it must not be. And the package's `files` as npm packs them: every file the build wrote (its
 * manifest is written beside the folder, not in it).
 */
import { execFile } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, expect, it } from "vitest";
import { KIT_DIR } from "./kit-support";

const CONSUMER = `import { ChunkLoadError, type ComponentDefinition, components, services, setErrorClass } from "@lumen/runtime";
import type { NetteForms } from "@lumen/runtime/nette-forms";
import * as development from "@lumen/runtime/dev";

const hello: ComponentDefinition = {
	connect(element, { props, signal, services: shared }) {
		element.textContent = String(props.name ?? "world");
		element.addEventListener("click", () => shared.scroll.scrollTo(0), { signal });
		return () => element.replaceChildren();
	},
};
components.define("hello", async () => ({ default: hello }));
components.define("lazy", () => import("./hello.js"));
// @ts-expect-error a loader is required
components.define("hello");
const names: string[] = components.mountedOn(document.body);
const namesInDevelopment: string[] = development.components.mountedOn(document.body);

document.addEventListener("component:unknown", (event) => console.warn(event.detail.name, event.detail.element.id));
document.addEventListener("ajax:success", (event) => Object.keys(event.detail.payload.snippets));
document.addEventListener("ajax:before", (event) => {
	// @ts-expect-error history is "push", "replace" or false
	event.detail.history = "yes";
});
document.body.addEventListener("snippet:update", (event) => event.detail.html.length);
document.addEventListener("ajax:success", (event) => event.detail.payload.error?.toUpperCase());
// @ts-expect-error the server's message is a string
document.addEventListener("ajax:success", (event) => event.detail.payload.error?.toFixed());

// A submit's errors on document and on the form (forms:invalid, forms:valid), cancelable.
document.addEventListener("forms:invalid", (event) => {
	const shown: string[] = event.detail.map(({ element, message }) => \`\${element.id}: \${message}\`);
	event.preventDefault();
	return shown;
});
document.forms[0]!.addEventListener("forms:valid", (event) => event.detail.length === 0 && event.preventDefault());
// @ts-expect-error the detail is the list of errors
document.forms[0]!.addEventListener("forms:invalid", (event) => event.detail.message);

void services.ajax.send({ url: "/x", method: "GET", element: document.body, history: false }, { apply: false });
void services.forms.validate(document.forms[0]!);
setErrorClass("field-error");
// @ts-expect-error a class name is a string
setErrorClass(true);
const error = new ChunkLoadError("./x.js");
const request: string = error.request;

// With nette-forms.d.ts imported, the global is its NetteForms, the runtime's declaration merged in.
const nette: NetteForms = window.Nette;
Nette.validators.AppValidators_zip = (_element, _arg, value) => typeof value === "string" && /^\\d{5}$/.test(value);
const valid: boolean = Nette.validateForm(document.forms[0]!, true);
// @ts-expect-error validateForm takes a form or a control
Nette.validateForm("form");
const errors: number = Nette.formErrors.length;
// @ts-expect-error beside the runtime, nette-forms.js removes its own display: there may be none
Nette.showFormErrors(document.forms[0]!, []);
Nette.showFormErrors = (_form, shown) => shown[0]?.element.focus();

export { errors, names, namesInDevelopment, nette, request, valid };
`;

/** A page with runtime.js alone: the global Nette is what the runtime provides, no more. */
const RUNTIME_ONLY = `import { services } from "@lumen/runtime";

Nette.validators.AppValidators_zip = (element, _arg, value) => element.form.id !== "" && typeof value === "string";
Nette.showFormErrors = (form, errors) => {
	for (const { element, message } of errors) console.log(form.id, element.id, message);
};
window.Nette.noInit = true;
const count: number = Nette.formErrors?.length ?? 0;
// @ts-expect-error there are no errors before a form was submitted
Nette.formErrors.length;
// @ts-expect-error Nette's API beyond these comes with nette-forms.js (and nette-forms.d.ts)
Nette.validateForm(document.forms[0]!);
// @ts-expect-error a validator is a function
Nette.validators.AppValidators_zip = /^\\d{5}$/;

export { count, services };
`;

const HELLO = `export default { connect() {} };\n`;
const HELLO_TYPES = `import type { ComponentDefinition } from "@lumen/runtime";\ndeclare const hello: ComponentDefinition;\nexport default hello;\n`;

const tsconfig = (file: string) => ({
	compilerOptions: {
		target: "ES2022",
		module: "ESNext",
		moduleResolution: "Bundler",
		lib: ["ES2024", "DOM", "DOM.Iterable"],
		strict: true,
		noEmit: true,
		types: [],
	},
	files: [file],
});

const dir = mkdtempSync(join(tmpdir(), "lumen-kit-consumer-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `tsc` on one page script in the consumer's folder: its errors, or "" when it typechecks. */
async function typecheck(file: string, source: string): Promise<string> {
	const name = (JSON.parse(readFileSync(join(KIT_DIR, "package.json"), "utf8")) as { name: string }).name;
	cpSync(KIT_DIR, join(dir, "node_modules", name), { recursive: true });
	writeFileSync(join(dir, file), source);
	const project = join(dir, `tsconfig.${file.replace(/\.ts$/, "")}.json`);
	writeFileSync(project, JSON.stringify(tsconfig(file)));
	const tsc = resolve("node_modules/.bin/tsc");
	return promisify(execFile)(tsc, ["-p", project]).then(
		() => "",
		(error: { stdout?: string; stderr?: string }) =>
			`${error.stdout ?? ""}${error.stderr ?? ""}` || "tsc failed",
	);
}

it("typechecks a page script against runtime.d.ts and nette-forms.d.ts through the package's exports", async () => {
	writeFileSync(join(dir, "hello.js"), HELLO);
	writeFileSync(join(dir, "hello.d.ts"), HELLO_TYPES);
	expect(await typecheck("consumer.ts", CONSUMER)).toBe("");
}, 60_000);

it("typechecks a page script with runtime.d.ts alone: the global Nette as the runtime provides it", async () => {
	expect(await typecheck("runtime-only.ts", RUNTIME_ONLY)).toBe("");
}, 60_000);

it("packs every file of dist/kit, the development build's and the licence too, and no manifest", async () => {
	const { stdout } = await promisify(execFile)("npm", ["pack", "--dry-run", "--json"], { cwd: KIT_DIR });
	const [packed] = JSON.parse(stdout) as [{ files: { path: string }[] }];
	const built = readdirSync(KIT_DIR, { recursive: true, withFileTypes: true })
		.filter((entry) => entry.isFile())
		.map((entry) => join(entry.parentPath, entry.name).slice(KIT_DIR.length + 1));
	expect(built).toContain("dev/runtime.js");
	expect(built).toContain("LICENSE");
	expect(packed.files.map(({ path }) => path).sort()).toEqual(built.sort());
	const manifest = JSON.parse(readFileSync(join(KIT_DIR, "package.json"), "utf8")) as Record<string, unknown>;
	expect(manifest).toMatchObject({ license: "MIT", author: "Lumen campaign developers" });
	expect(readFileSync(join(KIT_DIR, "LICENSE"), "utf8")).toMatch(
		/^MIT License\n\nCopyright \(c\) 2026 Lumen campaign developers\n/,
	);
}, 60_000);
