import type { AntispamProps } from "../../components/antispam/Antispam";
import { Antispam } from "../../components/antispam/Antispam";
import { DateInput } from "../../components/date-input/DateInput";
import { Modal } from "../../components/modal/Modal";
import { ModalOpener } from "../../components/modal-opener/ModalOpener";
import { REGISTER_FORM_PROPS } from "../../components/register-form/props";
import { writeProps } from "../../components/shared/props";
import type { CampaignClosed } from "../../domain/campaign/state";
import type { RegisterForm } from "../../domain/registration/register-form";
import { controlId, Form, FormField, type FormState } from "../../forms";
import { useSite } from "../../render/site-context";
import { Snippet } from "../../render/snippets";
import { Layout } from "../Layout";
import { RegistrationClosed } from "./CampaignNotice";

interface RegisterPageProps {
	form: RegisterForm;
	state?: FormState | undefined;
	antispam: Pick<AntispamProps, "timeTrap" | "challengeUrl" | "vendor">;
	/** Registration is closed (before the start, after the end, sold out): the notice instead of the form. */
	closed?: CampaignClosed | undefined;
}

/** The register snippet: what an ajax submission's answer replaces. */
export const REGISTER_SNIPPET = "register";
const TERMS_MODAL = "terms-modal";

export function RegisterPage({ form, state, antispam, closed }: RegisterPageProps) {
	const { lang, t } = useSite();
	const texts = t.register;
	return (
		<Layout title={texts.title} description={texts.description}>
			<section className="register" aria-labelledby="register-title">
				<div className="register__intro">
					<h1 id="register-title">{texts.heading}</h1>
					{/* How to fill the form in: nothing to say while there is none. */}
					{!closed && (
						<>
							<p className="register__lead">{texts.lead}</p>
							<ul className="register__points">
								{texts.points.map((point) => (
									<li key={point}>{point}</li>
								))}
							</ul>
						</>
					)}
				</div>
				<div className="register__card">
					{!closed && <h2 className="register__form-title">{texts.formTitle}</h2>}
					{/* The snippet either way: a submission's ajax answer may be that registration has closed. */}
					<Snippet name={REGISTER_SNIPPET}>
						{closed ? (
							<RegistrationClosed closed={closed} />
						) : (
							<RegistrationForm form={form} state={state} antispam={antispam} />
						)}
					</Snippet>
				</div>
			</section>
			{!closed && <Modal id={TERMS_MODAL} title={t.terms.heading} lang={lang} />}
		</Layout>
	);
}

function RegistrationForm({ form, state, antispam }: Omit<RegisterPageProps, "closed">) {
	const { href, lang, t } = useSite();
	const texts = t.register;
	return (
		<div
			data-component="register-form"
			{...writeProps(REGISTER_FORM_PROPS, { waiting: texts.antispam.waiting })}
		>
			<Form form={form} action="/register" state={state} ajax className="register-form">
				<FormField name="name" />
				<FormField name="email" />
				<BirthDate form={form} state={state} />
				<FormField name="phone" />
				<FormField name="store" />
				<FormField name="terms" />
				<p className="register-form__terms-link">
					<ModalOpener modal={TERMS_MODAL} url={href("/terms")} className="link">
						{texts.termsRead}
					</ModalOpener>
				</p>
				<FormField name="marketing" />
				<Antispam
					form={form.name}
					lang={lang}
					texts={{ ...texts.antispam, honeypot: texts.honeypot }}
					{...antispam}
				/>
				<p className="register-form__privacy">{texts.privacy}</p>
				<div className="form-actions">
					<FormField name="send" />
				</div>
			</Form>
		</div>
	);
}

/**
 * The birth date through the date-input component (typing and a calendar) with the form's own rules:
 * the forms API renders a plain native date field, the register page wants the richer one.
 */
function BirthDate({ form, state }: { form: RegisterForm; state: FormState | undefined }) {
	const { lang, t } = useSite();
	const value = state?.values.birthDate;
	const error = state?.errors.birthDate;
	return (
		<DateInput
			id={controlId(form.name, "birthDate")}
			name="birthDate"
			label={`${t.register.birthDate} *`}
			value={typeof value === "string" ? value : undefined}
			error={error}
			locale={lang}
			texts={t.register.dateInput}
			autoComplete="bday"
			aria-required
			data-nette-rules={form.rulesJson("birthDate", lang)}
			data-nette-error={error}
		/>
	);
}
