import { fill } from "../../components/shared/text";
import { correctForm, resendForm } from "../../domain/registration/sent-forms";
import { Form, FormField, type FormState } from "../../forms";
import { useSite } from "../../render/site-context";
import { Snippet } from "../../render/snippets";
import { Layout } from "../Layout";

/** What the check-your-inbox page tells after a button: an e-mail sent again, a wait, a limit. */
export type InboxNotice =
	| { readonly kind: "resent" | "corrected" | "tooMany" | "gone" | "noMoreCorrections" }
	| { readonly kind: "wait"; readonly seconds: number };

interface CheckInboxPageProps {
	/** The address, masked; undefined when the visitor's signup is not known here (another browser). */
	readonly maskedEmail: string | undefined;
	readonly notice?: InboxNotice | undefined;
	/** The correction form after a refused address. */
	readonly correction?: FormState | undefined;
}

/**
 * What an ajax answer redraws: the address, the notice and the forms. The notice is a snippet of its
 * own: a live region that stays in the page while its text changes is read out.
 */
const SNIPPET = { address: "inbox", notice: "inbox-notice", actions: "inbox-actions" } as const;
export const INBOX_SNIPPETS = Object.values(SNIPPET);

/**
 * After a registration: the same page whether the mailbox is new or had a voucher already, so nobody
 * learns from it who took part. It only says where the e-mail went, partly masked.
 */
export function CheckInboxPage({ maskedEmail, notice, correction }: CheckInboxPageProps) {
	const { href, t } = useSite();
	const texts = t.register.sent;
	const noticeText =
		notice?.kind === "wait"
			? fill(texts.wait, { seconds: String(notice.seconds) })
			: notice && texts[notice.kind];
	return (
		<Layout title={texts.title} description={texts.heading} noindex>
			<section className="check-inbox" aria-labelledby="check-inbox-title">
				<h1 id="check-inbox-title">{texts.heading}</h1>
				<Snippet name={SNIPPET.address}>
					<p className="check-inbox__lead">
						{maskedEmail ? fill(texts.text, { email: maskedEmail }) : texts.textWithout}
					</p>
				</Snippet>
				<Snippet name={SNIPPET.notice} role="status" className="check-inbox__notice">
					{noticeText}
				</Snippet>
				<Snippet name={SNIPPET.actions}>
					<div className="check-inbox__body">
						<p>{texts.spam}</p>
						{maskedEmail && (
							<>
								<Form form={resendForm} action="/register/resend" ajax className="check-inbox__resend" />
								<h2 className="check-inbox__subheading">{texts.correctHeading}</h2>
								<p>{texts.correctText}</p>
								<Form form={correctForm} action="/register/correct" ajax state={correction}>
									<FormField name="email" />
									<div className="form-actions">
										<FormField name="correct" />
									</div>
								</Form>
							</>
						)}
						<p className="check-inbox__actions">
							<a className="link" href={href(maskedEmail ? "/" : "/register")}>
								{maskedEmail ? texts.back : texts.again}
							</a>
						</p>
					</div>
				</Snippet>
			</section>
		</Layout>
	);
}
