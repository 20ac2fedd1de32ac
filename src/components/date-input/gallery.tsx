import { DateInput } from "./DateInput";

export const title = "Datum";

export default function DateInputGallery() {
	return (
		<>
			<div className="gallery__example">
				<DateInput
					id="gallery-date-birth"
					name="birthDate"
					label="Datum narození"
					autoComplete="bday"
					min="1920-01-01"
					max="2008-11-22"
				/>
			</div>
			<div className="gallery__example">
				<DateInput id="gallery-date-filled" name="visit" label="Datum návštěvy" value="2026-12-24" />
			</div>
			<div className="gallery__example">
				<DateInput
					id="gallery-date-error"
					name="birthDateInvalid"
					label="Datum narození"
					value="2015-06-01"
					max="2008-11-22"
					error="Poukázku může získat jen osoba starší 18 let."
				/>
			</div>
		</>
	);
}
