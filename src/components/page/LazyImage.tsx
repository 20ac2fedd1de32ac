interface LazyImageProps {
	src: string;
	srcSet?: string;
	sizes?: string;
	/** Intrinsic size: the browser reserves the image's space from it before it loads. */
	width: number;
	height: number;
	alt: string;
	className?: string;
}

/** An empty image of the same proportions: until the real one loads, it holds the image's space. */
function placeholder(width: number, height: number): string {
	return `data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 ${width} ${height}'/%3E`;
}

/**
 * An image loaded as it nears the viewport (the runtime's lazy images), with a <noscript> copy: the
 * CSS hides the lazy one when scripting is off.
 */
export function LazyImage({ src, srcSet, sizes, width, height, alt, className }: LazyImageProps) {
	const classes = className ? `is-lazy ${className}` : "is-lazy";
	return (
		<>
			<img
				className={classes}
				src={placeholder(width, height)}
				data-src={src}
				data-srcset={srcSet}
				data-sizes={sizes}
				width={width}
				height={height}
				alt={alt}
				decoding="async"
			/>
			<noscript>
				<img
					className={className}
					src={src}
					srcSet={srcSet}
					sizes={sizes}
					width={width}
					height={height}
					alt={alt}
				/>
			</noscript>
		</>
	);
}
