/**
 * The staff's camera scanner in Chromium. Headless Chromium has neither a camera nor the BarcodeDetector
 * API, so the page gets stand-ins for both: a canvas stream as the camera (a real MediaStream the video
 * plays) and a detector that "sees" a code after a few frames. What is tested is everything of ours:
 * shown only where it can work, the keyboard starts it, non-EAN codes are ignored, a code redeems the
 * voucher, and the camera is released afterwards, on Stop, and when the page is hidden.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axe } from "../helpers/axe";
import { connectBrowser, openPage } from "../helpers/browser";
import { type SeededStaff, seedStaff, seedStore, seedVoucher } from "../helpers/staff-fixtures";
import { type StaffServer, signIn, startStaffServer } from "./staff-support";

let browser: Browser;
let staff: StaffServer;
let cashier: SeededStaff;

beforeAll(async () => {
	[browser, staff] = await Promise.all([connectBrowser(), startStaffServer()]);
	cashier = await seedStaff(staff.database.db, {
		role: "staff",
		storeId: await seedStore(staff.database.db),
	});
});
afterAll(async () => {
	await browser.close();
	await staff.stop();
});

interface FakeCamera {
	/** What the detector reports once the video plays: first a QR code, then this EAN-13. */
	code: string;
	/** getUserMedia fails as when permission is denied. */
	denied?: boolean;
}

/** The staff page, signed in, with a fake camera and barcode detector installed before any script runs. */
async function scannerPage(camera: FakeCamera): Promise<Page> {
	const { page } = await openPage(browser);
	const cookie = await signIn(staff, cashier);
	await page
		.context()
		.addCookies([{ name: "lumen_staff", value: cookie.split("=")[1] ?? "", url: staff.url("/") }]);
	await page.addInitScript(({ code, denied }: FakeCamera) => {
		const streams: MediaStream[] = [];
		Object.assign(window, { cameraStreams: streams });
		navigator.mediaDevices.getUserMedia = async () => {
			if (denied) throw new DOMException("Permission denied", "NotAllowedError");
			const canvas = document.createElement("canvas");
			canvas.getContext("2d")?.fillRect(0, 0, canvas.width, canvas.height);
			const stream = canvas.captureStream(10);
			streams.push(stream);
			return stream;
		};
		class FakeBarcodeDetector {
			static async getSupportedFormats() {
				return ["qr_code", "ean_13"];
			}
			frames = 0;
			async detect(video: HTMLVideoElement) {
				if (video.readyState < 2) throw new DOMException("No frame yet", "InvalidStateError");
				this.frames++;
				if (this.frames < 3) return [];
				return [
					{ rawValue: "https://example.com/not-a-voucher" },
					...(this.frames > 3 ? [{ rawValue: code }] : []),
				];
			}
		}
		Object.assign(window, { BarcodeDetector: FakeBarcodeDetector });
	}, camera);
	await page.goto(staff.url("/staff"));
	await page.locator(".barcode-scanner").waitFor({ state: "visible" });
	return page;
}

/** readyState of every camera track the page was given: "ended" once released. */
const cameraTracks = (page: Page) =>
	page.evaluate(() =>
		(window as unknown as { cameraStreams: MediaStream[] }).cameraStreams.flatMap((stream) =>
			stream.getTracks().map((track) => track.readyState),
		),
	);

describe("the camera scanner", () => {
	it("started from the keyboard, redeems the scanned voucher and releases the camera", async () => {
		const code = await seedVoucher(staff.database.db);
		const page = await scannerPage({ code });
		const toggle = page.locator(".barcode-scanner__toggle");
		expect(await axe(page)).toEqual([]);
		await toggle.focus();
		await page.keyboard.press("Enter");

		await expect
			.poll(() => page.locator(".staff-outcome").textContent(), { timeout: 10_000 })
			.toBe(`Poukázka ${code} je uplatněna. Odečtěte zákazníkovi 150 Kč.`);
		expect(await page.locator(".staff-today__code").allTextContents()).toEqual([code]);
		expect(await cameraTracks(page)).toEqual(["ended"]);
		expect(await toggle.getAttribute("aria-pressed")).toBe("false");
		expect(await toggle.textContent()).toBe("Naskenovat kamerou");
		expect(await page.locator(".barcode-scanner__video").isHidden()).toBe(true);
		expect(await page.locator(".barcode-scanner__status").textContent()).toBe(`Naskenováno: ${code}`);
		expect(await axe(page)).toEqual([]);
		await page.context().close();
	});

	it("shows the preview while scanning, and Stop or a hidden page releases the camera", async () => {
		// A code that never comes: the detector sees only the QR code.
		const page = await scannerPage({ code: "https://example.com/still-not-a-voucher" });
		const toggle = page.locator(".barcode-scanner__toggle");
		await toggle.click();
		await expect.poll(() => toggle.getAttribute("aria-pressed")).toBe("true");
		expect(await toggle.textContent()).toBe("Zastavit kameru");
		expect(await page.locator(".barcode-scanner__video").isVisible()).toBe(true);
		expect(await page.locator(".barcode-scanner__status").textContent()).toBe(
			"Namiřte kameru na čárový kód poukázky.",
		);
		expect(await cameraTracks(page)).toEqual(["live"]);
		expect(await axe(page)).toEqual([]);

		await toggle.click();
		expect(await cameraTracks(page)).toEqual(["ended"]);
		expect(await toggle.getAttribute("aria-pressed")).toBe("false");
		expect(await page.inputValue("#frm-redeem-code")).toBe("");

		await toggle.click();
		await expect.poll(() => cameraTracks(page)).toEqual(["ended", "live"]);
		await page.evaluate(() => {
			Object.defineProperty(document, "hidden", { configurable: true, get: () => true });
			document.dispatchEvent(new Event("visibilitychange"));
		});
		expect(await cameraTracks(page)).toEqual(["ended", "ended"]);
		await page.context().close();
	});

	it("says so when the camera cannot be started, and the typed code still works", async () => {
		const page = await scannerPage({ code: "0", denied: true });
		await page.locator(".barcode-scanner__toggle").click();
		await expect
			.poll(() => page.locator(".barcode-scanner__status").textContent())
			.toBe("Kameru se nepodařilo spustit. Opište kód ručně.");
		expect(await page.locator(".barcode-scanner__toggle").getAttribute("aria-pressed")).toBe("false");
		expect(await page.locator(".barcode-scanner__video").isHidden()).toBe(true);
		const code = await seedVoucher(staff.database.db);
		await page.fill("#frm-redeem-code", code);
		await page.keyboard.press("Enter");
		await expect
			.poll(() => page.locator(".staff-outcome").textContent())
			.toBe(`Poukázka ${code} je uplatněna. Odečtěte zákazníkovi 150 Kč.`);
		await page.context().close();
	});
});
