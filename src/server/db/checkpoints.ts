import { Worker } from "node:worker_threads";

/**
 * WAL checkpoints of the SQLite file on a thread of their own. SQLite's automatic checkpoint runs in
 * the COMMIT that crosses 1,000 WAL pages, on the committing connection's thread: it copies the pages
 * into the database file and fsyncs both (synchronous=NORMAL syncs at checkpoints, not at commits),
 * tens of milliseconds on a busy disk, a dozen times a second under a registration peak, and no request
 * is answered meanwhile. The server's connection turns it off (sqlite.ts) and this worker checkpoints
 * on a connection of its own, which WAL mode lets run beside the writer (PASSIVE: it waits for no one).
 *
 * The writer starts the WAL file over once a checkpoint has caught up with it. Under a sustained peak
 * it never quite does, so past RESTART_FRAMES the worker asks for a RESTART right after its passive
 * pass: that one holds writers off, but only for the few pages written since, and starts the file over.
 */
const EVERY_MS = 100;
/** 64 MiB of 4 KiB pages. */
const RESTART_FRAMES = 16_384;

// A script rather than a module file: the server runs from one bundle (and from sources in tests).
const WORKER = `
const { parentPort, workerData } = require("node:worker_threads");
const { DatabaseSync } = require("node:sqlite");
const db = new DatabaseSync(workerData.file);
db.exec("PRAGMA busy_timeout = 5000");
const passive = db.prepare("PRAGMA wal_checkpoint(PASSIVE)");
const restart = db.prepare("PRAGMA wal_checkpoint(RESTART)");
const timer = setInterval(() => {
	try {
		if (passive.get().log >= workerData.restartFrames) restart.get();
	} catch (error) {
		parentPort.postMessage(error.message);
	}
}, workerData.everyMs);
parentPort.once("message", () => {
	clearInterval(timer);
	db.close();
	parentPort.close();
});
`;

export interface Checkpoints {
	/** Stops the worker once its checkpoint in progress is done, and closes its connection. */
	stop(): Promise<void>;
}

export function startCheckpoints(file: string): Checkpoints {
	const worker = new Worker(WORKER, {
		eval: true,
		workerData: { file, everyMs: EVERY_MS, restartFrames: RESTART_FRAMES },
	});
	// A failed checkpoint loses nothing (the pages stay in the WAL); the next one tries again.
	worker.on("message", (message) => console.warn(`SQLite checkpoint failed: ${message}`));
	worker.on("error", (error) => console.error("SQLite checkpoints stopped:", error));
	worker.unref();
	const exited = new Promise<void>((resolve) => worker.once("exit", () => resolve()));
	return {
		async stop() {
			// Held only while stopping: it must not keep a process alive, nor let it end before it is done.
			worker.ref();
			worker.postMessage("stop");
			await exited;
		},
	};
}
