/**
 * The voucher page's offline note, as the server renders it (hidden) and as the voucher pages' service
 * worker shows it in a kept copy it serves without a network. Imported by the page and by the worker
 * (src/components/voucher/offline-worker.ts), never by the voucher component: the worker is an entry of
 * its own that imports nothing at run time.
 */
export const OFFLINE_NOTE_CLASS = "voucher-page__offline";

/** The note's attributes in the rendered HTML: React writes `hidden` as `hidden=""`. */
export const OFFLINE_NOTE_HIDDEN = 'data-offline-note="" hidden=""';
export const OFFLINE_NOTE_SHOWN = 'data-offline-note="shown"';

/** Response header of a voucher page: until when (ISO time) a browser may keep it for offline visits. */
export const OFFLINE_UNTIL_HEADER = "x-offline-until";
