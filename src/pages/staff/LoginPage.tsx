import { loginForm } from "../../domain/staff/forms";
import { signInPath } from "../../domain/staff/sign-in-paths";
import { Form, type FormState } from "../../forms";
import { useSite } from "../../render/site-context";
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
