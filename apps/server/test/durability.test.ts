import { sql } from "kysely";
import { expect, it } from "vitest";
import { createDatabase } from "../src/db/index.ts";
import { toCount } from "../src/db/values.ts";
import { describeEachDialect, testConfig } from "./helpers/dialects.ts";
import { processEnv, startServer, waitExit } from "./helpers/server-process.ts";

/**
 * Kills a real server process with SIGKILL while registrations (multi-row transactions) are in
 * flight, restarts it on the same database and checks that nothing acknowledged was lost, that no
 * transaction was half-applied and that the database is consistent and writable.
 */

function register(url: string, username: string) {
  const password = "durable-password";
  return fetch(`${url}/api/auth/register/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      username,
      email: `${username}@example.com`,
      password,
      password_confirm: password,
      first_name: "Kill",
      last_name: "Test",
    }),
  });
}

describeEachDialect("SIGKILL during writes", (ctx) => {
  it("restarts on an intact database that kept every acknowledged write", { timeout: 180_000 }, async () => {
    const env = processEnv(ctx.env);
    const first = await startServer(env);
    const acknowledged: Array<{ username: string; token: string }> = [];
    const failures: string[] = [];
    let sent = 0;
    let stop = false;
    const writer = async (worker: number) => {
      while (!stop) {
        const username = `kill_${worker}_${sent++}`;
        try {
          const res = await register(first.url, username);
          if (res.status === 201)
            acknowledged.push({ username, token: ((await res.json()) as { token: string }).token });
        } catch {
          return; // the connection died with the server
        }
      }
    };
    const writers = [0, 1, 2, 3].map(writer);
    const deadline = Date.now() + 20_000;
    while (acknowledged.length < 12 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 10));
    first.child.kill("SIGKILL");
    stop = true;
    await Promise.all(writers);
    await waitExit(first.child);
    expect(first.child.signalCode).toBe("SIGKILL");
    expect(failures).toEqual([]);
    expect(acknowledged.length).toBeGreaterThanOrEqual(12);
    expect(sent).toBeGreaterThan(acknowledged.length); // some writes were in flight when it died

    const second = await startServer(env);
    try {
      // Every acknowledged registration survived, with its token.
      for (const { username, token } of acknowledged) {
        const res = await fetch(`${second.url}/api/auth/profile/`, {
          headers: { authorization: `Token ${token}` },
        });
        expect(res.status, username).toBe(200);
        expect(((await res.json()) as { username: string }).username).toBe(username);
      }
      // And the restarted server writes again.
      expect((await register(second.url, "kill_after_restart")).status).toBe(201);
    } finally {
      second.child.kill("SIGTERM");
      await waitExit(second.child);
    }

    const database = createDatabase(testConfig(ctx.env));
    try {
      if (database.dialect === "sqlite") {
        const check = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(database.db);
        expect(check.rows.map((row) => row.integrity_check)).toEqual(["ok"]);
        const fk = await sql`pragma foreign_key_check`.execute(database.db);
        expect(fk.rows).toEqual([]);
      }
      // No half-applied registration: every user row has exactly one active subscription.
      const users = await sql<{ id: number; active: unknown }>`
        select u.id, (select count(*) from subscriptions s where s.user_id = u.id and s.is_active = ${true}) as active
        from users u`.execute(database.db);
      expect(users.rows.length).toBeGreaterThanOrEqual(acknowledged.length + 1);
      for (const row of users.rows) expect(toCount(row.active)).toBe(1);
    } finally {
      await database.destroy();
    }
  });
});
