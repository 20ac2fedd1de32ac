import { useSite } from "../../render/site-context";
import { Antispam } from "./Antispam";

export const title = "Ochrana proti robotům";

export default function AntispamGallery() {
	const { href, lang, t } = useSite();
	return (
		<div className="gallery__example" id="gallery-antispam-solving">
			<p>
				Výzvu řeší na pozadí (stav <code>verifying</code> → <code>verified</code>), psaní nic neblokuje. Když
				se výzvu nepodaří načíst (stav <code>failed</code>), formulář jde odeslat i tak a rozhodne server. Bez
				JavaScriptu stavový řádek vysvětluje ověření podle času vyplnění.
			</p>
			<Antispam
				form="gallery-antispam"
				timeTrap="gallery"
				challengeUrl={href("/register/challenge")}
				lang={lang}
				texts={{ ...t.register.antispam, honeypot: t.register.honeypot }}
			/>
		</div>
	);
}
