import type { ReactNode } from "react";
import { DEFAULT_LANG, LANGS } from "../i18n";
import { useSite } from "../render/site-context";
import { TitleSnippet } from "../render/snippets";

interface DocumentProps {
	title: string;
	description: string;
	/** Private or utility pages (vouchers, staff): kept out of search engines. */
	noindex?: boolean;
	/** A page of the staff area, which adds its own stylesheet to the site's. */
	staff?: boolean;
	/** The page's web app manifest (a voucher's, to put it on the home screen); no other page has one. */
	manifest?: string | undefined;
	children: ReactNode;
}

/** The page root and <head>: everything the runtime reads from the markup contract (docs/markup-contract.md). */
export function Document({
	title,
	description,
	noindex = false,
	staff = false,
	manifest,
	children,
}: DocumentProps) {
	const site = useSite();
	const asset = (file: string) => site.url(`/${file}`);
	return (
		<html
			lang={site.lang}
			data-base-path={site.basePath}
			data-cms-mode={site.cmsMode ? "1" : "0"}
			data-build-id={site.assets.buildId}
			data-sentry-dsn={site.sentryDsn}
		>
			<head>
				<meta charSet="utf-8" />
				<meta name="viewport" content="width=device-width, initial-scale=1" />
				{/* An ajax response carries the title as the `title` snippet. */}
				<TitleSnippet>{title}</TitleSnippet>
				<meta name="description" content={description} />
				<meta name="theme-color" content="#fffaf5" />
				{noindex ? (
					<meta name="robots" content="noindex, nofollow" />
				) : (
					<SearchLinks title={title} description={description} />
				)}
				{/* PNG, not the SVG it is drawn from: scripts/favicons.ts says why. */}
				<link rel="icon" href={asset("assets/favicon.png")} type="image/png" sizes="32x32" />
				<link rel="apple-touch-icon" href={asset("assets/apple-touch-icon.png")} />
				{manifest && <link rel="manifest" href={manifest} />}
				{site.assets.inlineStyle && (
					// biome-ignore lint/security/noDangerouslySetInnerHtml: the site's own built stylesheet, allowed by its hash
					<style dangerouslySetInnerHTML={{ __html: site.assets.inlineStyle.css }} />
				)}
				{site.assets.stylesheets.map((file) => (
					<link key={file} rel="stylesheet" href={asset(file)} />
				))}
				{(staff || site.cmsMode) && <link rel="stylesheet" href={asset(site.assets.staffStylesheet)} />}
				{site.assets.fonts.map((file) => (
					<link key={file} rel="preload" href={asset(file)} as="font" type="font/woff2" crossOrigin="" />
				))}
				{site.assets.modulePreloads.map((file) => (
					<link key={file} rel="modulepreload" href={asset(file)} />
				))}
				{site.assets.scripts.map((file) => (
					<script key={file} type="module" src={asset(file)} />
				))}
				{/* Low: nothing on the first paint needs it (the runtime starts after it, first-paint.ts). */}
				<script type="module" src={asset(site.assets.runtime)} fetchPriority="low" />
			</head>
			<body>{children}</body>
		</html>
	);
}

/** Canonical URL, the page in each language, and how it looks when shared (Open Graph). */
function SearchLinks({ title, description }: { title: string; description: string }) {
	const site = useSite();
	const absolute = (path: string) => `${site.origin}${path}`;
	return (
		<>
			<link rel="canonical" href={absolute(site.href(site.path))} />
			{LANGS.map((lang) => (
				<link key={lang} rel="alternate" hrefLang={lang} href={absolute(site.hrefIn(lang, site.path))} />
			))}
			<link rel="alternate" hrefLang="x-default" href={absolute(site.hrefIn(DEFAULT_LANG, site.path))} />
			<meta property="og:type" content="website" />
			<meta property="og:site_name" content="Lumen" />
			<meta property="og:title" content={title} />
			<meta property="og:description" content={description} />
			<meta property="og:url" content={absolute(site.href(site.path))} />
			<meta property="og:locale" content={site.lang === "en" ? "en_GB" : "cs_CZ"} />
			<meta property="og:image" content={absolute(site.url("/assets/og-image.png"))} />
			<meta property="og:image:width" content="1200" />
			<meta property="og:image:height" content="630" />
			<meta name="twitter:card" content="summary_large_image" />
		</>
	);
}
