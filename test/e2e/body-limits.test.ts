/**
 * What a form route reads: multipart only where its form has a file field (no form of the site has one,
 * so every route answers 415 before reading a part), and urlencoded bodies within the limit its form
 * declares. Many large uploads at once leave the server's memory as it was.
 */
import { readFileSync } from "node:fs";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nextClientIp } from "../../bench/lib/registration-client";
import { SAVE_PATH } from "../../src/components/content-editor/ContentEditor";
import { REGISTER_FORM } from "../../src/domain/registration/register-form";
import { correctForm, resendForm } from "../../src/domain/registration/sent-forms";
import { loginForm, redeemForm } from "../../src/domain/staff/forms";
import { startServer, type TestServer } from "../helpers/server";
import { seedStaff, seedStore } from "../helpers/staff-fixtures";
import { type StaffServer, signIn, startStaffServer } from "./staff-support";

let server: TestServer;
beforeAll(async () => {
	server = await startServer();
});
afterAll(() => server.stop());

/** Every route that reads a form, in both languages. */
const FORM_ROUTES = [
	"/register",
	"/register/resend",
	"/register/correct",
	"/staff/login",
	"/staff",
	SAVE_PATH,
];
const ROUTES = [...FORM_ROUTES, ...FORM_ROUTES.map((path) => `/en${path}`)];

const BOUNDARY = "----lumen-upload";
const FILE_SIZE = 2 * 1024 * 1024;
const FILES = 4;

/** The start of a part; its value or a file's bytes follow. */
function partHead(name: string, filename?: string): string {
	const file = filename ? `; filename="${filename}"\r\nContent-Type: application/octet-stream` : "";
	return `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"${file}\r\n\r\n`;
}

/** A small multipart form: a text field and a file, as a browser sends a form with enctype multipart. */
const smallMultipart = () => {
	const form = new FormData();
	form.append("email", "jana@example.cz");
	form.append("photo", new Blob(["not an image"]), "photo.jpg");
	return form;
};

describe("multipart", () => {
	it.each(ROUTES)("is refused on %s with 415 and the error page, or the ajax error", async (path) => {
		const headers = { "x-forwarded-for": nextClientIp() };
		const page = await fetch(`${server.origin}${path}`, { method: "POST", body: smallMultipart(), headers });
		expect(page.status).toBe(415);
		expect(page.headers.get("content-type")).toMatch(/^text\/html/);
		expect(await page.text()).toMatch(/<h1 id="error-title">\S/);

		const ajax = await fetch(`${server.origin}${path}`, {
			method: "POST",
			body: smallMultipart(),
			headers: { ...headers, "x-requested-with": "XMLHttpRequest" },
		});
		expect(ajax.status).toBe(415);
		const payload = (await ajax.json()) as { error?: unknown };
		expect(payload.error).toEqual(expect.stringMatching(/\S/));
	});

	it("is still read where the form has a file field", async () => {
		const response = await fetch(`${server.origin}/_fixtures/server-forms/echo`, {
			method: "POST",
			body: smallMultipart(),
		});
		expect(response.status).toBe(200);
	});

	it("48 uploads of 8 MiB at once: every answer a 415 or 413, memory as it was, pages served after", async () => {
		const pid = server.process.pid!;
		// Warm: every route's code loaded, the heap at its working size.
		for (const path of ROUTES) await upload(path, { files: 1, fileSize: 1024 });
		const before = residentMemory(pid);
		let peak = before;
		const sampler = setInterval(() => {
			peak = Math.max(peak, residentMemory(pid));
		}, 20);
		const answers = await Promise.all(
			Array.from({ length: 48 }, (_, i) =>
				upload(ROUTES[i % ROUTES.length] as string, {
					files: FILES,
					fileSize: FILE_SIZE,
					chunked: i % 2 === 1,
				}),
			),
		);
		clearInterval(sampler);
		peak = Math.max(peak, residentMemory(pid));

		expect(peak - before).toBeLessThan(64 * 1024 * 1024);
		expect(answers.filter((answer) => answer !== 415 && answer !== 413)).toEqual([]);
		expect((await fetch(`${server.origin}/register`)).status).toBe(200);
		expect((await fetch(`${server.origin}/en/stores`)).status).toBe(200);
	}, 60_000);
});

describe("body limits", () => {
	const post = (path: string, bytes: number) => {
		const body = `pad=${"x".repeat(bytes - "pad=".length)}`;
		return fetch(`${server.origin}${path}`, {
			method: "POST",
			body,
			headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": nextClientIp() },
		});
	};

	it.each([
		["/register", REGISTER_FORM.bodyLimit],
		["/register/correct", correctForm.bodyLimit],
		["/register/resend", resendForm.bodyLimit],
	])(
		"%s reads a body up to its form's limit (%d bytes) and refuses a larger one with 413",
		async (path, limit) => {
			expect(limit).toBeLessThan(64 * 1024);
			expect((await post(path, limit)).status).toBe(200);
			const refused = await post(path, limit + 1);
			expect(refused.status).toBe(413);
			expect(await refused.text()).toMatch(/<h1 id="error-title">\S/);
		},
	);
});

describe("body limits of the staff area", () => {
	let staff: StaffServer;
	let cookies: { cashier: string; editor: string };
	beforeAll(async () => {
		staff = await startStaffServer();
		const { db } = staff.database;
		const store = await seedStore(db);
		cookies = {
			cashier: await signIn(staff, await seedStaff(db, { role: "staff", storeId: store })),
			editor: await signIn(staff, await seedStaff(db, { role: "editor" })),
		};
	});
	afterAll(() => staff.stop());

	const post = (path: string, bytes: number, cookie = "") =>
		fetch(staff.url(path), {
			method: "POST",
			body: `pad=${"x".repeat(bytes - "pad=".length)}`,
			headers: { "content-type": "application/x-www-form-urlencoded", cookie },
			redirect: "manual",
		});

	it.each([
		["/staff/login", loginForm.bodyLimit, undefined],
		["/staff", redeemForm.bodyLimit, "cashier"],
		[SAVE_PATH, 48 * 1024, "editor"],
		["/staff/logout", 1024, "cashier"],
	] as const)(
		"%s reads a body up to its limit (%d bytes), signed in, and refuses a larger one with 413",
		async (path, limit, who) => {
			const cookie = who ? cookies[who] : "";
			expect(limit).toBeLessThanOrEqual(48 * 1024);
			const read = await post(path, limit, cookie);
			expect(read.status).toBeLessThan(500);
			expect(read.status).not.toBe(413);
			expect((await post(path, limit + 1, cookie)).status).toBe(413);
		},
	);
});

/** The server process's resident memory, in bytes. */
function residentMemory(pid: number): number {
	const kib = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
	return Number(kib) * 1024;
}

/**
 * POSTs a multipart form of `files` files of `fileSize` bytes over a socket of its own, written as the
 * socket takes it, with its Content-Length or chunked; resolves to the answer's status, or to why there
 * was none. Like a browser, it reads an answer that came before the upload ended, even when the server
 * then closed the connection and the rest could not be written.
 */
function upload(path: string, options: { files: number; fileSize: number; chunked?: boolean }) {
	const { port } = new URL(server.origin);
	const head = Buffer.from(`${partHead("name")}Jana\r\n`);
	const fileHeads = Array.from({ length: options.files }, (_, i) =>
		Buffer.from(partHead(`file${i}`, `${i}.bin`)),
	);
	const tail = Buffer.from(`--${BOUNDARY}--\r\n`);
	const length =
		head.length +
		fileHeads.reduce((sum, fileHead) => sum + fileHead.length + options.fileSize + 2, 0) +
		tail.length;
	const chunk = Buffer.alloc(64 * 1024, "u");
	return new Promise<number | string>((resolve) => {
		const socket = connect({ port: Number(port), host: "127.0.0.1", allowHalfOpen: true });
		const received: Buffer[] = [];
		let error = "";
		socket.on("data", (data) => received.push(data));
		socket.on("error", (failure) => {
			error = failure.message;
		});
		socket.on("close", () => {
			const status = /^HTTP\/1\.1 (\d{3}) /.exec(Buffer.concat(received).toString("latin1"))?.[1];
			resolve(status ? Number(status) : `no answer${error && `: ${error}`}`);
		});
		const open = () => !socket.destroyed && socket.writable;
		const write = async (bytes: Buffer) => {
			if (!open()) return;
			const framed = options.chunked
				? [Buffer.from(`${bytes.length.toString(16)}\r\n`), bytes, CRLF]
				: [bytes];
			for (const part of framed) {
				if (open() && !socket.write(part)) {
					await new Promise((next) => socket.once("drain", next).once("close", next));
				}
			}
		};
		void (async () => {
			socket.write(
				`POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Forwarded-For: ${nextClientIp()}\r\n` +
					`Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\n` +
					(options.chunked ? "Transfer-Encoding: chunked\r\n\r\n" : `Content-Length: ${length}\r\n\r\n`),
			);
			await write(head);
			for (const fileHead of fileHeads) {
				await write(fileHead);
				for (let sent = 0; sent < options.fileSize; sent += chunk.length) {
					await write(chunk.subarray(0, Math.min(chunk.length, options.fileSize - sent)));
				}
				await write(CRLF);
			}
			await write(tail);
			if (options.chunked && open()) socket.write("0\r\n\r\n");
			if (open()) socket.end();
		})();
	});
}

const CRLF = Buffer.from("\r\n");
