import { TextInput } from "./TextInput";

export const title = "Textové pole";

export default function TextInputGallery() {
	return (
		<div className="gallery__example">
			<TextInput id="gallery-text-empty" name="firstName" label="Jméno" autoComplete="given-name" />
			<TextInput
				id="gallery-text-filled"
				name="email"
				type="email"
				label="E-mail"
				value="jana.novakova@example.cz"
				autoComplete="email"
				clearable
			/>
			<TextInput
				id="gallery-text-counter"
				name="note"
				label="Vzkaz pro prodejnu"
				value="Prosím o dárkové balení."
				maxLength={40}
				clearable
			/>
			<TextInput
				id="gallery-text-error"
				name="phone"
				type="tel"
				label="Telefon"
				value="+420 12"
				error="Zadejte telefonní číslo s devíti číslicemi."
				clearable
			/>
			<TextInput
				id="gallery-text-disabled"
				name="code"
				label="Kód poukázky"
				value="LUMEN-4F7K-92QX"
				disabled
			/>
		</div>
	);
}
