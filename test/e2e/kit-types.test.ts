/**
 * The kit's declarations as a consumer gets them: dist/kit installed as a package (its package.json's
 * `exports` and `types`), and a small page script typechecked against it with `tsc`. The
 * `@ts-expect-error` lines fail the check if a declaration is loose (`any`) where it must not be. And
 * the package's `files` as npm packs them: every file the build wrote, but its manifest.
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

void services.ajax.send({ url: "/x", method: "GET", element: document.body, history: false }, { apply: false });
void services.forms.validate(document.forms[0]!);
setErrorClass("field-error");
// @ts-expect-error a class name is a string
setErrorClass(true);
const error = new ChunkLoadError("./x.js");
const request: string = error.request;

const nette: NetteForms = window.Nette;
Nette.validators.AppValidators_zip = (_element, _arg, value) => typeof value === "string" && /^\\d{5}$/.test(value);
const valid: boolean = Nette.validateForm(document.forms[0]!, true);
// @ts-expect-error validateForm takes a form or a control
Nette.validateForm("form");

export { names, namesInDevelopment, nette, request, valid };
`;

const HELLO = `export default { connect() {} };\n`;
const HELLO_TYPES = `import type { ComponentDefinition } from "@lumen/runtime";\ndeclare const hello: ComponentDefinition;\nexport default hello;\n`;

const TSCONFIG = {
	compilerOptions: {
		target: "ES2022",
		module: "ESNext",
		moduleResolution: "Bundler",
		lib: ["ES2024", "DOM", "DOM.Iterable"],
		strict: true,
		noEmit: true,
		types: [],
	},
	files: ["consumer.ts"],
};

const dir = mkdtempSync(join(tmpdir(), "lumen-kit-consumer-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it("typechecks a page script against runtime.d.ts and nette-forms.d.ts through the package's exports", async () => {
	const name = (JSON.parse(readFileSync(join(KIT_DIR, "package.json"), "utf8")) as { name: string }).name;
	cpSync(KIT_DIR, join(dir, "node_modules", name), { recursive: true });
	writeFileSync(join(dir, "consumer.ts"), CONSUMER);
	writeFileSync(join(dir, "hello.js"), HELLO);
	writeFileSync(join(dir, "hello.d.ts"), HELLO_TYPES);
	writeFileSync(join(dir, "tsconfig.json"), JSON.stringify(TSCONFIG));
	const tsc = resolve("node_modules/.bin/tsc");
	const result = await promisify(execFile)(tsc, ["-p", dir]).then(
		() => "",
		(error: { stdout?: string; stderr?: string }) =>
			`${error.stdout ?? ""}${error.stderr ?? ""}` || "tsc failed",
	);
	expect(result).toBe("");
}, 60_000);

it("packs every file of dist/kit, the development build's too, but the build's manifest", async () => {
	const { stdout } = await promisify(execFile)("npm", ["pack", "--dry-run", "--json"], { cwd: KIT_DIR });
	const [packed] = JSON.parse(stdout) as [{ files: { path: string }[] }];
	const built = readdirSync(KIT_DIR, { recursive: true, withFileTypes: true })
		.filter((entry) => entry.isFile())
		.map((entry) => join(entry.parentPath, entry.name).slice(KIT_DIR.length + 1))
		.filter((path) => !path.startsWith(".vite/"));
	expect(built).toContain("dev/runtime.js");
	expect(packed.files.map(({ path }) => path).sort()).toEqual(built.sort());
}, 60_000);
