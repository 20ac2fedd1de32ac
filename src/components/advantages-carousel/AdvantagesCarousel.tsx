import type { ReactNode } from "react";
import { ChevronIcon, PauseIcon, PlayIcon } from "../shared/icons";
import { writeProps } from "../shared/props";
import { fill } from "../shared/text";
import { CAROUSEL_PROPS } from "./props";

export interface CarouselTexts {
	/** Accessible name of the carousel. */
	label: string;
	previous: string;
	next: string;
	/** Label of a dot: {index}. */
	goTo: string;
	/** Announced after each move: {current} of {total}. */
	status: string;
	pause: string;
	play: string;
}

export const CAROUSEL_TEXTS_CS: CarouselTexts = {
	label: "Výhody",
	previous: "Předchozí snímek",
	next: "Další snímek",
	goTo: "Přejít na snímek {index}",
	status: "Snímek {current} z {total}",
	pause: "Zastavit automatické přehrávání",
	play: "Spustit automatické přehrávání",
};

interface AdvantagesCarouselProps {
	/** The track's id (the buttons name it in aria-controls). */
	id: string;
	slides: ReactNode[];
	/** Milliseconds per slide when playing by itself; 0 for no autoplay. */
	autoplay?: number;
	texts?: CarouselTexts;
}

/**
 * A row of slides: without JavaScript a scrollable, snapping row; the browser component (embla)
 * adds previous/next, dots, keyboard, announcements and autoplay. Its controls are laid out from the
 * start and shown once they work, so nothing moves when the script starts.
 */
export function AdvantagesCarousel({
	id,
	slides,
	autoplay = 0,
	texts = CAROUSEL_TEXTS_CS,
}: AdvantagesCarouselProps) {
	return (
		<section
			className="carousel"
			aria-roledescription="carousel"
			aria-label={texts.label}
			data-component="advantages-carousel"
			{...writeProps(CAROUSEL_PROPS, {
				autoplay,
				goTo: texts.goTo,
				status: texts.status,
				pause: texts.pause,
				play: texts.play,
			})}
		>
			<div className="carousel__viewport">
				{/* Focusable so that keyboard users can scroll the row without JavaScript, and move it with arrows. */}
				{/* biome-ignore lint/a11y/noNoninteractiveTabindex: the scrollable row must be reachable by keyboard */}
				<ul className="carousel__track" id={id} tabIndex={0} aria-label={texts.label}>
					{slides.map((slide, index) => (
						// A list says "item 2 of 5" by itself: the slides need no labels of their own.
						// biome-ignore lint/suspicious/noArrayIndexKey: slides are static content in a fixed order
						<li key={index} className="carousel__slide">
							{slide}
						</li>
					))}
				</ul>
			</div>
			<div className="carousel__controls">
				<button
					type="button"
					className="carousel__arrow carousel__previous"
					aria-label={texts.previous}
					aria-controls={id}
				>
					<ChevronIcon direction="left" />
				</button>
				{/* One dot per slide, as on phones: the component redraws them, one per stop, where more fit. */}
				<div className="carousel__dots">
					{slides.map((_, index) => (
						<button
							// biome-ignore lint/suspicious/noArrayIndexKey: one dot per position
							key={index}
							type="button"
							className="carousel__dot"
							aria-label={fill(texts.goTo, { index: index + 1 })}
						/>
					))}
				</div>
				<button
					type="button"
					className="carousel__arrow carousel__next"
					aria-label={texts.next}
					aria-controls={id}
				>
					<ChevronIcon direction="right" />
				</button>
				{autoplay > 0 && (
					<button
						type="button"
						className="carousel__arrow carousel__play"
						aria-label={texts.pause}
						aria-controls={id}
					>
						<PauseIcon />
						<PlayIcon />
					</button>
				)}
			</div>
			<p className="visually-hidden carousel__status" aria-live="polite" aria-atomic="true" />
		</section>
	);
}

interface AdvantageProps {
	icon: ReactNode;
	title: string;
	children: ReactNode;
}

/** One advantage: an illustration, a short title and a sentence or two. */
export function Advantage({ icon, title, children }: AdvantageProps) {
	return (
		<article className="advantage">
			<div className="advantage__icon" aria-hidden="true">
				{icon}
			</div>
			<h3 className="advantage__title">{title}</h3>
			<div className="advantage__text">{children}</div>
		</article>
	);
}
