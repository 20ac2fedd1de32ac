import { writeProps } from "../shared/props";
import { ANTISPAM_FIELDS } from "./fields";
import { ANTISPAM_PROPS } from "./props";

export interface AntispamTexts {
	honeypot: string;
	checking: string;
	waiting: string;
	verified: string;
	failed: string;
	noScript: string;
}

export interface AntispamProps {
	/** The form's name: ids inside are `frm-<form>-…`. */
	form: string;
	/** The signed time-trap token (the moment the form was first rendered). */
	timeTrap: string;
	/** Where the ALTCHA widget fetches its challenge; unused with a vendor. */
	challengeUrl: string;
	/** Turnstile or reCAPTCHA instead of ALTCHA. */
	vendor?: { name: "turnstile" | "recaptcha"; siteKey: string; script: string } | undefined;
	lang: "cs" | "en";
	texts: AntispamTexts;
}

/**
 * The bot protection of a form. A honeypot field that CSS hides from everyone (display: none also
 * hides it from assistive technology and from browsers' autofill; without CSS its label says to leave
 * it empty), the signed time trap, and a place where the component solves the challenge in the
 * background. Without JavaScript the status line explains that the form is checked by its timing,
 * and the <noscript> field asks the server for that path (a browser running scripts never sends it).
 */
export function Antispam({ form, timeTrap, challengeUrl, vendor, lang, texts }: AntispamProps) {
	const honeypotId = `frm-${form}-${ANTISPAM_FIELDS.honeypot}`;
	return (
		<div
			className="antispam"
			data-component="antispam"
			{...writeProps(ANTISPAM_PROPS, {
				challengeUrl,
				lang,
				checking: texts.checking,
				waiting: texts.waiting,
				verified: texts.verified,
				failed: texts.failed,
				vendor: vendor?.name,
				siteKey: vendor?.siteKey,
				script: vendor?.script,
			})}
		>
			<div className="antispam__trap">
				<label htmlFor={honeypotId}>{texts.honeypot}</label>
				<input
					id={honeypotId}
					type="text"
					name={ANTISPAM_FIELDS.honeypot}
					tabIndex={-1}
					autoComplete="off"
					defaultValue=""
				/>
			</div>
			<input type="hidden" name={ANTISPAM_FIELDS.timeTrap} value={timeTrap} />
			<noscript>
				<input type="hidden" name={ANTISPAM_FIELDS.noScript} value="1" />
			</noscript>
			<div className="antispam__challenge" />
			<p className="antispam__status" role="status">
				{texts.noScript}
			</p>
		</div>
	);
}
