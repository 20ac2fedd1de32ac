import { settingsForm } from "../../domain/campaign/settings-form";
import type { StaffUser } from "../../domain/staff/user";
import { Form, type FormState } from "../../forms";
import { useSite } from "../../render/site-context";
import { StaffLayout } from "./StaffLayout";
import { StaffNotice, type StaffNoticeText } from "./StaffNotice";

interface SettingsPageProps {
	user: StaffUser;
	/** The settings in effect, or after a failed submission what was sent, with its errors. */
	state: FormState;
	notice?: StaffNoticeText | undefined;
}

/** Admins only: the campaign's period, voucher limit, and a voucher's value and validity. */
export function SettingsPage({ user, state, notice }: SettingsPageProps) {
	const { t } = useSite();
	const texts = t.staff.settings;
	return (
		<StaffLayout title={texts.title} user={user}>
			<h1>{texts.title}</h1>
			<StaffNotice notice={notice} />
			<section className="staff-card" aria-labelledby="settings-intro">
				<p id="settings-intro">{texts.intro}</p>
				<Form form={settingsForm} action="/staff/settings" state={state} />
			</section>
		</StaffLayout>
	);
}
