import { signInPath } from "../../server/auth/back";
import { Form, type FormState } from "../../server/forms";
import { useSite } from "../../server/site-context";
import { loginForm } from "../../server/staff/forms";
import { StaffLayout } from "./StaffLayout";

interface LoginPageProps {
	state?: FormState | undefined;
	/** Where signing in leads back to (back.ts); /staff without. */
	back?: string | undefined;
	/** A polite status above the form: signing out worked, or the page they wanted needs a sign-in. */
	notice?: "signedOut" | "required" | undefined;
}

export function LoginPage({ state, back, notice }: LoginPageProps) {
	const { t } = useSite();
	return (
		<StaffLayout title={t.staff.login.title}>
			<section className="staff-card staff-login" aria-labelledby="staff-login-title">
				<h1 id="staff-login-title">{t.staff.login.title}</h1>
				{notice && (
					<p className="staff-login__status" role="status">
						{t.staff.login[notice]}
					</p>
				)}
				<p>{t.staff.login.intro}</p>
				<Form form={loginForm} action={signInPath(back)} state={state} />
			</section>
		</StaffLayout>
	);
}
