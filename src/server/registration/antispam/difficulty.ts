/**
 * How much proof of work a network's next signup costs: nothing extra while the network registers at
 * a pace people do, then twice as much for every doubling of its signups in the window, so a bot
 * farm on one network pays more for each signup the faster it goes, and a quiet network never notices.
 *
 * The numbers: people registering from one /24 or /56 (a household, an office, a school's network)
 * make a few signups in ten minutes; more than `humanSignups` is a crowd or a script. Levels 1 to 4
 * (up to 16× the base work, a third of a second in a desktop browser) stay hidden behind the typing,
 * so a threshold that errs low costs people nothing. The work nears a second from level 5 (over 80
 * signups in ten minutes, one every 7.5 s), which only a carrier's shared addresses (CGNAT) reach
 * honestly. The cap, level 8, is 256× the base: ≈ 5 s on average on a desktop's two workers (SHA-256
 * through WebCrypto runs at ≈ 35,000 per second and thread), up to ≈ 40 s on a slow phone, within the
 * widget's 90 s limit; to a bot that skips the counters below the range it is ≈ 256,000 hashes a signup.
 */

/** The window a network's signups are counted in (a fixed window of the `rate_limits` table). */
export const SIGNUP_VELOCITY_WINDOW_MS = 10 * 60 * 1000;

export const DIFFICULTY = {
	/** Signups per window that still look like people: level 0 up to here. */
	humanSignups: 5,
	maxLevel: 8,
} as const;

/** 0 up to `humanSignups`, then one more per doubling (6–10 → 1, 11–20 → 2, …), at most `maxLevel`. */
export function difficultyLevel(recentSignups: number): number {
	let level = 0;
	for (
		let limit: number = DIFFICULTY.humanSignups;
		recentSignups > limit && level < DIFFICULTY.maxLevel;
		limit *= 2
	) {
		level++;
	}
	return level;
}
