import { registerForm } from "../../domain/registration/register-form";
import { Form, FormField } from "../../forms";
import { useSite } from "../../render/site-context";
import { Antispam } from "../antispam/Antispam";
import { writeProps } from "../shared/props";
import { REGISTER_FORM_PROPS } from "./props";

export const title = "Registrační formulář";

const STORES = [
	{ value: "1", label: { cs: "Praha – Václavské náměstí", en: "Prague – Wenceslas Square" } },
	{ value: "2", label: { cs: "Brno – Náměstí Svobody", en: "Brno – Freedom Square" } },
];

export default function RegisterFormGallery() {
	const { href, lang, t } = useSite();
	const texts = t.register;
	const form = registerForm(new Date().toISOString().slice(0, 10), STORES);
	return (
		<div className="gallery__example">
			<p>
				Odeslání během ověřování proti robotům počká na jeho konec (nejdéle 10 s), pak formulář odejde ajaxem;
				po chybách ze serveru přejde fokus na první odmítnuté pole.
			</p>
			<div
				data-component="register-form"
				{...writeProps(REGISTER_FORM_PROPS, { waiting: texts.antispam.waiting })}
			>
				<Form form={form} action="/register" ajax className="register-form">
					<FormField name="name" />
					<FormField name="email" />
					<FormField name="birthDate" />
					<FormField name="phone" />
					<FormField name="store" />
					<FormField name="terms" />
					<FormField name="marketing" />
					<Antispam
						form={form.name}
						timeTrap="gallery"
						challengeUrl={href("/register/challenge")}
						lang={lang}
						texts={{ ...texts.antispam, honeypot: texts.honeypot }}
					/>
					<div className="form-actions">
						<FormField name="send" />
					</div>
				</Form>
			</div>
		</div>
	);
}
