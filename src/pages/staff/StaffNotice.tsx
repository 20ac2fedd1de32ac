/** What a staff page says after a change: done (a status), or refused (an alert, read out at once). */
export type StaffNoticeText = { readonly kind: "done" | "refused"; readonly text: string };

export function StaffNotice({ notice }: { notice: StaffNoticeText | undefined }) {
	if (!notice) return null;
	return notice.kind === "done" ? (
		<p className="staff-notice" role="status">
			{notice.text}
		</p>
	) : (
		<p className="staff-notice staff-notice--refused" role="alert">
			{notice.text}
		</p>
	);
}
