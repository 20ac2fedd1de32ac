import { IntersectionGroup } from "./IntersectionGroup";

export const title = "Postupné zobrazení";

const STEPS = [
	["Zaregistrujte se", "Vyplňte jméno, e-mail a datum narození. Zabere to minutu."],
	["Otevřete poukázku", "Odkaz na poukázku vám přijde e-mailem a zobrazí se hned po registraci."],
	["Ukažte kód u pokladny", "V partnerské drogerii nechte naskenovat čárový kód z telefonu."],
	["Odneste si Lumen", "Poukázka odečte 150 Kč z nákupu kteréhokoli produktu Lumen."],
];

export default function IntersectionGroupGallery() {
	return (
		<div className="steps">
			<IntersectionGroup as="ol">
				{STEPS.map(([heading, text]) => (
					<li key={heading}>
						<h3>{heading}</h3>
						<p>{text}</p>
					</li>
				))}
			</IntersectionGroup>
		</div>
	);
}
