import { useSite } from "../server/site-context";
import { Layout } from "./Layout";

const MESSAGES = {
	400: {
		title: "Požadavek se nepodařilo zpracovat",
		text: "Odeslaná data nejsou v pořádku. Vraťte se prosím zpět a zkuste to znovu.",
	},
	404: {
		title: "Stránka nenalezena",
		text: "Tuto stránku jsme nenašli. Možná byla přesunuta, nebo je v adrese překlep.",
	},
	413: {
		title: "Odeslaná data jsou příliš velká",
		text: "Zkraťte prosím text nebo nahrajte menší soubory a zkuste to znovu.",
	},
	500: {
		title: "Něco se pokazilo",
		text: "Na naší straně nastala chyba. Zkuste to prosím za chvíli znovu.",
	},
} as const;

export function ErrorPage({ status }: { status: keyof typeof MESSAGES }) {
	const { href } = useSite();
	const message = MESSAGES[status];
	return (
		<Layout title={`${message.title} – Lumen`} description={message.text}>
			<section className="error-page" aria-labelledby="error-title">
				<h1 id="error-title">{message.title}</h1>
				<p>{message.text}</p>
				<a className="button" href={href("/")}>
					Zpět na úvod
				</a>
			</section>
		</Layout>
	);
}
