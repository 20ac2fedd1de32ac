import { Form, type FormState } from "../../server/forms";
import { useSite } from "../../server/site-context";
import { loginForm } from "../../server/staff/forms";
import { StaffLayout } from "./StaffLayout";

export function LoginPage({ state }: { state?: FormState | undefined }) {
	const { t } = useSite();
	return (
		<StaffLayout title={t.staff.login.title}>
			<section className="staff-card staff-login" aria-labelledby="staff-login-title">
				<h1 id="staff-login-title">{t.staff.login.title}</h1>
				<p>{t.staff.login.intro}</p>
				<Form form={loginForm} action="/staff/login" state={state} />
			</section>
		</StaffLayout>
	);
}
