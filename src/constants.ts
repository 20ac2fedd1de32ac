/**
 * The browser behaviour's constants (docs/behaviour.md lists what each sets). Code imports them
 * from here and nowhere else.
 */

/** Smooth scroll easing factor (per 60 Hz frame; the scroller scales it by elapsed time). */
export const SMOOTH_SCROLL_EASING_FACTOR = 0.04;
/** Smooth scroll damping. */
export const SMOOTH_SCROLL_DAMPING = 0.7;
/** Smooth scroll stops below this distance, in pixels. */
export const SMOOTH_SCROLL_STOPS_BELOW = 0.1;
/** Resize handler debounce, ms. */
export const RESIZE_HANDLER_DEBOUNCE = 50;
/** Touch release delay: a touch ends this long after release, ms. */
export const TOUCH_RELEASE_DELAY = 100;
/** Default scroll offset for in-page scrolling, px. */
export const DEFAULT_SCROLL_OFFSET = 80;
/** Default scroll offset of the smooth scroller, px. */
export const SMOOTH_SCROLLER_SCROLL_OFFSET = 20;
/** Hash scroll delay after load, ms. */
export const HASH_SCROLL_DELAY = 100;
/** Hash scroll offset, px (plain sections use HASH_SCROLL_OFFSET_PLAIN). */
export const HASH_SCROLL_OFFSET = 80;
/** Hash scroll offset for plain sections (`data-section-plain`), px. */
export const HASH_SCROLL_OFFSET_PLAIN = 0;
/** Error scroll offset: the page scrolls to the first invalid form item with this offset, px. */
export const ERROR_SCROLL_OFFSET = -120;
/** Autosubmit keyup debounce, ms. */
export const AUTOSUBMIT_KEYUP_DEBOUNCE = 200;
/** Input validation keyup debounce, ms. */
export const INPUT_VALIDATION_KEYUP_DEBOUNCE = 200;
/** Chunk load timeout, ms: a component chunk not loaded by then fails with a ChunkLoadError. */
export const CHUNK_LOAD_TIMEOUT = 120_000;
/** Rate-limit retry default in error reporting, ms. */
export const ERROR_REPORTING_RATE_LIMIT_RETRY = 60_000;
/** Error reporting breadcrumbs max. */
export const ERROR_REPORTING_MAX_BREADCRUMBS = 100;
/** Error report message length. */
export const ERROR_REPORT_MESSAGE_LENGTH = 250;
/** Error report buffer. */
export const ERROR_REPORT_BUFFER = 30;
/** Error report normalize depth. */
export const ERROR_REPORT_NORMALIZE_DEPTH = 3;
