/**
 * The voucher's e-mail carries its barcode beside the link, as an inline PNG (a CID attachment) that a
 * till's scanner reads off the screen, with the code as its alt text and in the text part; once the
 * voucher is redeemed, the e-mail has no barcode left to show. Received through a real SMTP server.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { MESSAGES } from "../../src/i18n/site-texts";
import { redeemVoucher } from "../../src/server/staff/redemption";
import { scanBarcodeImage } from "../helpers/barcode-scan";
import { startSmtp, type TestSmtp } from "../helpers/smtp";
import {
	postRegistration,
	registerAndConfirm,
	registration,
	startRegistrationSite,
	uniqueEmail,
} from "./register-support";
import type { StaffServer } from "./staff-support";

let smtp: TestSmtp;
let site: StaffServer;
beforeAll(async () => {
	smtp = await startSmtp();
	site = await startRegistrationSite({ SMTP_URL: smtp.url });
});
afterAll(async () => {
	await site?.stop();
	await smtp?.close();
});

/** Registers with a mailbox that has a voucher: its e-mail is the voucher's link again. */
async function registerAgain(email: string): Promise<void> {
	expect((await postRegistration(await registration({ email }))).status).toBe(303);
}

it("shows the voucher's barcode inline beside its link, and none once it is redeemed", async () => {
	const email = uniqueEmail("barcode");
	const path = await registerAndConfirm({ email });
	const { code } = await site.database.db
		.selectFrom("vouchers")
		.select("code")
		.where("token", "=", path.split("/").at(-1) ?? "")
		.executeTakeFirstOrThrow();

	await registerAgain(email);
	// After the confirmation's e-mail and the issued voucher's own: the voucher's link sent again.
	const [, , mail] = await smtp.mailsTo(email, 3);
	expect(mail?.subject).toBe(MESSAGES.cs.register.mail.againSubject);
	const html = mail?.html ?? "";
	const cid = `barcode.${code}@lumen`;
	expect(html).toContain(`<img src="cid:${cid}" alt="Čárový kód poukázky ${code}"`);
	// Beside the link: the image follows the voucher's link.
	expect(html.indexOf(`cid:${cid}`)).toBeGreaterThan(html.indexOf(path));
	expect(mail?.text).toContain(`${path}\n\nKód poukázky: ${code}\n`);
	const image = mail?.inline.get(cid);
	expect(image?.type).toBe("image/png");
	expect(scanBarcodeImage(image?.content ?? Buffer.alloc(0))).toBe(code);

	await redeemVoucher(site.database.db, { code, staffId: null, storeId: null });
	await registerAgain(email);
	const [, , , redeemed] = await smtp.mailsTo(email, 4);
	expect(redeemed?.subject).toBe(MESSAGES.cs.register.mail.againSubject);
	expect(redeemed?.html).toContain(path);
	expect(redeemed?.html).not.toContain("cid:");
	expect(redeemed?.text).not.toContain(code);
	expect(redeemed?.inline.size).toBe(0);
});
