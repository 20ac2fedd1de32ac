/**
 * The registration's rules, defined here once. The form's rules (register-form.ts: the browser gets them
 * as data-nette-rules and the server runs them again), the server's checks that a rule cannot express
 * (checkRegistration) and the texts that quote them (src/i18n) all read these values: raising the age
 * limit is a change of one line. No imports: the texts read it too.
 */
export interface RegistrationRules {
	/** Registrants are at least this old on the day they register (Prague calendar). */
	readonly minAge: number;
	/** Birth dates before this are taken as mistyped. */
	readonly earliestBirthDate: string;
	readonly nameMaxLength: number;
	/** The longest address SMTP delivers to. */
	readonly emailMaxLength: number;
}

export const REGISTRATION_RULES: RegistrationRules = {
	minAge: 18,
	earliestBirthDate: "1900-01-01",
	nameMaxLength: 100,
	emailMaxLength: 254,
};
