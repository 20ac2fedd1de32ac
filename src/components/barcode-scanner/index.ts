import type { ComponentDefinition } from "../../browser/component";
import { part } from "../shared/dom";
import { parseProps } from "../shared/props";
import { fill } from "../shared/text";
import { BARCODE_SCANNER_PROPS } from "./props";

/** The Shape Detection API's barcode detector (Chromium on Android and macOS, not in lib.dom yet). */
interface BarcodeDetectorConstructor {
	new (options: { formats: string[] }): { detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]> };
	getSupportedFormats(): Promise<string[]>;
}

/** Often enough to feel instant, seldom enough to leave the phone's CPU alone. */
const SCAN_INTERVAL = 200;

async function eanDetector(): Promise<BarcodeDetectorConstructor | undefined> {
	const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorConstructor }).BarcodeDetector;
	if (!Detector || !navigator.mediaDevices?.getUserMedia) return undefined;
	try {
		return (await Detector.getSupportedFormats()).includes("ean_13") ? Detector : undefined;
	} catch {
		return undefined;
	}
}

/**
 * Scans a voucher's barcode with the camera, writes the code into the target field and submits its form.
 * Stays hidden where it cannot work; the camera is released when scanning ends, the page is hidden or
 * the component disconnects.
 */
export default {
	async connect(element, { props, signal }) {
		const Detector = await eanDetector();
		if (!Detector || signal.aborted) return;
		const toggle = part<HTMLButtonElement>(element, ".barcode-scanner__toggle");
		const video = part<HTMLVideoElement>(element, ".barcode-scanner__video");
		const status = part(element, ".barcode-scanner__status");
		const { target, ...texts } = parseProps(BARCODE_SCANNER_PROPS, props);
		let stream: MediaStream | undefined;
		let starting = false;
		let timer: ReturnType<typeof setTimeout> | undefined;

		const stop = () => {
			clearTimeout(timer);
			for (const track of stream?.getTracks() ?? []) track.stop();
			stream = undefined;
			video.srcObject = null;
			video.hidden = true;
			toggle.textContent = texts.start;
			toggle.setAttribute("aria-pressed", "false");
		};

		const found = (code: string) => {
			stop();
			status.textContent = fill(texts.found, { code });
			const input = document.getElementById(target);
			if (!(input instanceof HTMLInputElement)) return;
			input.value = code;
			input.dispatchEvent(new Event("input", { bubbles: true }));
			input.form?.requestSubmit();
		};

		const scan = async (detector: InstanceType<BarcodeDetectorConstructor>) => {
			if (!stream) return;
			try {
				const code = (await detector.detect(video)).find(({ rawValue }) => /^\d{13}$/.test(rawValue));
				if (code) return found(code.rawValue);
			} catch {
				// A frame the detector cannot read yet (video still starting): try the next one.
			}
			timer = setTimeout(() => scan(detector), SCAN_INTERVAL);
		};

		const start = async () => {
			// A second press while the camera permission prompt is open must not open a second camera.
			if (starting) return;
			starting = true;
			try {
				stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" } });
				if (signal.aborted) return stop();
				video.srcObject = stream;
				video.hidden = false;
				await video.play();
			} catch {
				stop();
				status.textContent = texts.failed;
				return;
			} finally {
				starting = false;
			}
			toggle.textContent = texts.stop;
			toggle.setAttribute("aria-pressed", "true");
			status.textContent = texts.aim;
			void scan(new Detector({ formats: ["ean_13"] }));
		};

		element.hidden = false;
		toggle.addEventListener("click", () => (stream ? stop() : void start()), { signal });
		document.addEventListener("visibilitychange", () => document.hidden && stop(), { signal });
		return stop;
	},
} satisfies ComponentDefinition;
