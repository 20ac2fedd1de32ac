import { unsubscribeForm } from "../../domain/registration/unsubscribe-form";
import { Form } from "../../forms";
import { useSite } from "../../render/site-context";
import { Layout } from "../Layout";

interface UnsubscribePageProps {
	/** ask: the button that unsubscribes; done: unsubscribed (now, or before). */
	readonly state: "ask" | "done";
	/** The link's path, to which the button posts. */
	readonly action: string;
}

/**
 * The unsubscribe link opened in a browser: a button, not the unsubscription itself (a mail scanner
 * that opens links must not unsubscribe anyone); mail clients' one-click POST skips it.
 */
export function UnsubscribePage({ state, action }: UnsubscribePageProps) {
	const { href, t } = useSite();
	const texts = t.unsubscribe;
	const done = state === "done";
	return (
		<Layout title={done ? texts.doneTitle : texts.title} description={texts.heading} noindex>
			<section className="confirmation" aria-labelledby="unsubscribe-title">
				<h1 id="unsubscribe-title">{done ? texts.doneHeading : texts.heading}</h1>
				<p role={done ? "status" : undefined}>{done ? texts.doneText : texts.text}</p>
				{done ? (
					<p>
						<a className="button" href={href("/")}>
							{t.errors.back}
						</a>
					</p>
				) : (
					<Form form={unsubscribeForm} action={action} />
				)}
			</section>
		</Layout>
	);
}
