import { Barcode } from "./Barcode";

export const title = "Čárový kód";

export default function BarcodeGallery() {
	return (
		<>
			<div className="gallery__example">
				<h3>Code 128 (kód poukázky)</h3>
				<Barcode text="LUMEN-4F7K-92QX" />
			</div>
			<div className="gallery__example">
				<h3>EAN-13</h3>
				<Barcode text="8594012345676" symbology="ean13" />
			</div>
		</>
	);
}
