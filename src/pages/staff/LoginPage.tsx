import { signInPath } from "../../server/auth/back";
import { Form, type FormState } from "../../server/forms";
import { useSite } from "../../server/site-context";
import { loginForm } from "../../server/staff/forms";
import { StaffLayout } from "./StaffLayout";

interface LoginPageProps {
	state?: FormState | undefined;
	/** Where signing in leads back to (back.ts); /staff without. */
	back?: string | undefined;
	/** Shown after signing out: a polite status that it worked. */
	signedOut?: boolean;
}

export function LoginPage({ state, back, signedOut }: LoginPageProps) {
	const { t } = useSite();
	return (
		<StaffLayout title={t.staff.login.title}>
			<section className="staff-card staff-login" aria-labelledby="staff-login-title">
				<h1 id="staff-login-title">{t.staff.login.title}</h1>
				{signedOut && (
					<p className="staff-login__status" role="status">
						{t.staff.login.signedOut}
					</p>
				)}
				<p>{t.staff.login.intro}</p>
				<Form form={loginForm} action={signInPath(back)} state={state} />
			</section>
		</StaffLayout>
	);
}
