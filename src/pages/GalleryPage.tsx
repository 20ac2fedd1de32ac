import type { ComponentType } from "react";
import { Layout } from "./Layout";

interface GalleryModule {
	title: string;
	default: ComponentType;
}

/** Each component folder may have a gallery.tsx showing the component in its states. */
const galleries = import.meta.glob<GalleryModule>("../components/*/gallery.tsx", { eager: true });

function componentName(path: string): string {
	return path.split("/").at(-2) ?? path;
}

export function GalleryPage() {
	const entries = Object.entries(galleries).sort(([a], [b]) => a.localeCompare(b));
	return (
		<Layout title="Komponenty – Lumen" description="Galerie komponent webu Lumen ve všech stavech.">
			<div className="gallery">
				<h1>Komponenty</h1>
				<nav aria-label="Komponenty">
					<ul>
						{entries.map(([path, module]) => (
							<li key={path}>
								<a href={`#gallery-${componentName(path)}`}>{module.title}</a>
							</li>
						))}
					</ul>
				</nav>
				{entries.map(([path, { title, default: Examples }]) => (
					<section
						key={path}
						id={`gallery-${componentName(path)}`}
						className="gallery__component"
						aria-labelledby={`gallery-${componentName(path)}-title`}
					>
						<h2 id={`gallery-${componentName(path)}-title`}>{title}</h2>
						<Examples />
					</section>
				))}
			</div>
		</Layout>
	);
}
