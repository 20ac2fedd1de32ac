import type { FastifyReply, FastifyRequest } from "fastify";
import { expect, it } from "vitest";
import { ApiCallLog } from "../../src/server/api/audit";
import { describeDatabases, disposedAfterAll } from "../helpers/test-databases";

/** What onResponse hands the log: the parts of a request and a reply it reads. */
const call = (code: string, status: number) =>
	[
		{
			params: { code },
			method: "GET",
			is404: false,
			routeOptions: { url: "/api/v1/vouchers/:code" },
			apiKey: null,
		},
		{ statusCode: status },
	] as unknown as [FastifyRequest, FastifyReply];

describeDatabases("the partner API's call log on %s", (_kind, open) => {
	const openDatabase = disposedAfterAll(open);

	it("writes the calls it holds together, each once, and keeps those a failed write did not store", async () => {
		const { db } = (await openDatabase()).handle;
		const log = new ApiCallLog(db);
		for (let i = 0; i < 1200; i++) await log.record(...call("2900000000001", 200));
		await log.record(...call("<script>", 404));
		await log.flush();
		await log.flush();
		const rows = await db.selectFrom("api_calls").select(["voucher_code", "status"]).execute();
		expect(rows).toHaveLength(1201);
		expect(rows.filter((row) => row.voucher_code === null)).toEqual([{ voucher_code: null, status: 404 }]);

		await log.record(...call("2900000000002", 201));
		await db.schema.alterTable("api_calls").renameTo("api_calls_away").execute();
		await expect(log.flush()).rejects.toThrow();
		await db.schema.alterTable("api_calls_away").renameTo("api_calls").execute();
		await log.flush();
		const later = await db.selectFrom("api_calls").select("status").where("status", "=", 201).execute();
		expect(later).toHaveLength(1);
	}, 30_000);

	it("starts writing once a statement's worth waits, one write at a time, each call once", async () => {
		const { db } = (await openDatabase()).handle;
		const log = new ApiCallLog(db);
		for (let i = 0; i < 100; i++) await log.record(...call("2900000000003", 200));
		// Nobody asked for a flush: a full batch is written without waiting for the next interval.
		await expect.poll(async () => (await db.selectFrom("api_calls").select("id").execute()).length).toBe(100);

		for (let i = 0; i < 250; i++) await log.record(...call("2900000000004", 200));
		await Promise.all([log.flush(), log.flush(), log.flush()]);
		const rows = await db
			.selectFrom("api_calls")
			.select("id")
			.where("voucher_code", "=", "2900000000004")
			.execute();
		expect(new Set(rows.map((row) => row.id)).size).toBe(250);
		expect(rows).toHaveLength(250);
	}, 30_000);
});
