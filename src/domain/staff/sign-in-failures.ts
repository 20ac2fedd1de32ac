/** The failed sign-ins of one account (or of all e-mails without an account) as admins see them. */
export interface FailureSummary {
	/** In the 24 hours before now. */
	readonly lastDay: number;
	readonly lastAt: string;
	readonly lastNetwork: string;
}

export interface AccountFailures extends FailureSummary {
	readonly id: string;
	readonly name: string;
	readonly email: string;
}

export interface SignInFailures {
	/** Accounts with a failure kept, the most in the last 24 hours first, then the latest. */
	readonly accounts: readonly AccountFailures[];
	/** Failures to e-mails no account has, together (undefined: none kept). */
	readonly unknownEmails: (FailureSummary & { readonly emails: number }) | undefined;
}
