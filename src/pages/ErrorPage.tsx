import type { Messages } from "../i18n/site-texts";
import { useSite } from "../render/site-context";
import { Layout } from "./Layout";

export type ErrorStatus = keyof Omit<Messages["errors"], "back">;

/** The error statuses with a page of their own; any other is shown as the nearest of these. */
export function errorPageStatus(status: number): ErrorStatus {
	if (status === 403 || status === 404 || status === 413 || status === 429) return status;
	return status < 500 ? 400 : 500;
}

export function ErrorPage({ status }: { status: ErrorStatus }) {
	const { href, t } = useSite();
	const message = t.errors[status];
	return (
		<Layout title={`${message.title} – Lumen`} description={message.text}>
			<section className="error-page" aria-labelledby="error-title">
				<h1 id="error-title">{message.title}</h1>
				<p>{message.text}</p>
				<a className="button" href={href("/")}>
					{t.errors.back}
				</a>
			</section>
		</Layout>
	);
}
