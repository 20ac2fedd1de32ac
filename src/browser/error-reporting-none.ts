/**
 * The kit's stand-in for error-reporting.ts (build/kit.config.ts): a host reports errors with its own
 * tools (the `component:error` event, `error` and `unhandledrejection`), so the kit ships no Sentry
 * and `data-sentry-dsn` does nothing there.
 */
export function startErrorReporting(_root: HTMLElement): void {}
