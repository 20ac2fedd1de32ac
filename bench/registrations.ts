/**
 * `npm run bench:registrations`: sustained registrations per second at 50 concurrent, against the budget
 * of docs/budgets.md (>= 500/s, p99 < 100 ms). Run `npm run build` first.
 *
 * A registration is two requests (double opt-in): the form's POST, which stores a signup and queues its
 * e-mail (303 to /register/sent), and the opening of the e-mailed link, which issues the voucher (303
 * to the voucher's page). Each is timed on its own (rate and p99, each against the budget), and the
 * vouchers per second of the two together: registrations over the time of both. Every request is a real
 * one through every check (form rules, a fresh form token, ALTCHA, the limits per address and network,
 * the transactions with signup, outbox row, registration, voucher and counter), each from a client
 * address of its own. The challenges are fetched and solved before the clock starts: solving is the
 * visitor's work, not the server's.
 *
 * On SQLite with one server process; then, when BENCH_DATABASE_URL or TEST_DATABASE_URL names a
 * PostgreSQL server whose user may create databases, on a fresh database there with two server
 * processes behind one port (a round-robin TCP proxy here on 127.0.0.1, as a load balancer would
 * spread connections). BENCH_REGISTRATIONS (default 6000) sets how many are timed. The servers' CPU
 * time per request is printed too (on this shared machine it says more than the rate when other work
 * competes for the cores), and PostgreSQL's when it runs here, and the load generator's own (the proxy
 * included), which competes for the same cores.
 */
import { measureRegistrationRate } from "./lib/registration-rate";

const completed = await measureRegistrationRate({
	timed: Number(process.env.BENCH_REGISTRATIONS ?? 6000),
	postgresUrl: process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL,
});
if (!completed) process.exitCode = 1;
