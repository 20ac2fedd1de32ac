import type { ReactNode } from "react";
import { escapeHtml } from "../server/html";
import { useSite } from "../server/site-context";

interface DocumentProps {
	title: string;
	description: string;
	children: ReactNode;
}

/** The page root and <head>: everything the runtime reads from the markup contract (DESIGN.md §4). */
export function Document({ title, description, children }: DocumentProps) {
	const site = useSite();
	// An ajax response carries the title as the `snippet--title` snippet (text, so escaped).
	if (site.snippets?.wants("title")) site.snippets.add("title", escapeHtml(title));
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
				<title>{title}</title>
				<meta name="description" content={description} />
				<link rel="icon" href={asset("assets/favicon.svg")} type="image/svg+xml" />
				{site.assets.stylesheets.map((file) => (
					<link key={file} rel="stylesheet" href={asset(file)} />
				))}
				{site.assets.modulePreloads.map((file) => (
					<link key={file} rel="modulepreload" href={asset(file)} />
				))}
				{site.assets.scripts.map((file) => (
					<script key={file} type="module" src={asset(file)} />
				))}
				<script type="module" src={asset(site.assets.runtime)} />
			</head>
			<body>{children}</body>
		</html>
	);
}
