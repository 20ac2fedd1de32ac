/**
 * Sentry, loaded at idle by error-reporting.ts and only on pages whose root carries a DSN, with the
 * settings in src/constants.ts (message length and transport buffer differ from the SDK's defaults; the
 * others are passed anyway, so an SDK upgrade cannot change them). The rate-limit retry default is no
 * option: test/e2e/page-error-reporting.test.ts checks, on the page's clock, that the SDK waits
 * ERROR_REPORTING_RATE_LIMIT_RETRY after a 429 without Retry-After.
 */
import { captureException, init } from "@sentry/browser";
import {
	ERROR_REPORT_BUFFER,
	ERROR_REPORT_MESSAGE_LENGTH,
	ERROR_REPORT_NORMALIZE_DEPTH,
	ERROR_REPORTING_MAX_BREADCRUMBS,
} from "../constants";
import { isIgnoredError, SEZNAM_USER_AGENT } from "./error-filter";

/** Starts Sentry and returns the function that reports an error to it. */
export function startSentry(dsn: string, root: HTMLElement): (error: unknown) => void {
	// The Seznam pattern can be replaced per site without a rebuild: <html data-sentry-seznam-ua="regexp">.
	const pattern = root.dataset.sentrySeznamUa;
	const seznam = pattern ? new RegExp(pattern) : SEZNAM_USER_AGENT;
	init({
		dsn,
		release: root.dataset.buildId,
		maxBreadcrumbs: ERROR_REPORTING_MAX_BREADCRUMBS,
		maxValueLength: ERROR_REPORT_MESSAGE_LENGTH,
		normalizeDepth: ERROR_REPORT_NORMALIZE_DEPTH,
		transportOptions: { bufferSize: ERROR_REPORT_BUFFER },
		beforeSend: (event) => (isIgnoredError(event, navigator.userAgent, seznam) ? null : event),
	});
	return (error) => captureException(error);
}
