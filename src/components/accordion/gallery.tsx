import { Accordion, type AccordionItem } from "./Accordion";

export const title = "Akordeon";

const FAQ: AccordionItem[] = [
	{
		id: "faq-who",
		title: "Kdo může poukázku získat?",
		content: (
			<p>Každý, komu je alespoň 18 let a má trvalé bydliště v České republice. Jedna poukázka na osobu.</p>
		),
	},
	{
		id: "faq-where",
		title: "Kde poukázku uplatním?",
		content: (
			<p>
				V kterékoli z partnerských drogerií po celé republice. Seznam najdete na stránce{" "}
				<a href="#gallery-accordion">Prodejny</a>.
			</p>
		),
	},
	{
		id: "faq-valid",
		title: "Jak dlouho poukázka platí?",
		content: <p>60 dní od registrace. Datum konce platnosti vidíte na stránce své poukázky.</p>,
	},
];

export default function AccordionGallery() {
	return (
		<>
			<div className="gallery__example">
				<h3>Více otevřených položek, první otevřená</h3>
				<Accordion items={FAQ.map((item, index) => ({ ...item, open: index === 0 }))} />
			</div>
			<div className="gallery__example">
				<h3>Vždy nejvýše jedna otevřená</h3>
				<Accordion
					exclusive="gallery-faq"
					items={FAQ.map((item) => ({ ...item, id: `${item.id}-single` }))}
				/>
			</div>
		</>
	);
}
