import { Layout } from "../Layout";

/** An e-mail as the outbox shows it (a row of the `outbox` table). */
interface OutboxMessage {
	readonly id: string;
	readonly recipient: string;
	readonly subject: string;
	readonly text_body: string;
	readonly created_at: string;
	readonly sent_at: string | null;
	readonly last_error: string | null;
}

interface OutboxPageProps {
	messages: readonly OutboxMessage[];
}

/** Development and test only: the e-mails the site has written, newest first (a developer's tool, in English). */
export function OutboxPage({ messages }: OutboxPageProps) {
	return (
		<Layout title="Outbox – Lumen" description="E-mails written by the site (development only)." noindex>
			<section className="outbox" aria-labelledby="outbox-title" lang="en">
				<h1 id="outbox-title">Outbox</h1>
				<p>{messages.length === 0 ? "No e-mails yet." : `The latest ${messages.length} e-mails.`}</p>
				{messages.map((message) => (
					<article key={message.id} className="outbox__message" data-recipient={message.recipient}>
						<h2>{message.subject}</h2>
						<p>
							To {message.recipient}, written {message.created_at},{" "}
							{message.sent_at ? `sent ${message.sent_at}` : "not sent"}
							{message.last_error ? ` (last error: ${message.last_error})` : ""}
						</p>
						<pre className="outbox__body">{message.text_body}</pre>
					</article>
				))}
			</section>
		</Layout>
	);
}
