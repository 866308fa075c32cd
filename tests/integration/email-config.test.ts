// Settings → Email's one configuration row (app/models/email-config.server.ts): a save without a
// row creates it and says so (POST /api/email/config answers 201 with the stored record then,
// docs/decisions/api-conventions.md; tests/e2e/email-send.test.ts checks the HTTP side); a save with a row updates it.
// Other files (the e-mail browser tests) own the real row, so every case here runs in a
// transaction that holds the table and is rolled back: nothing is left behind or seen by them.
import { afterAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { closeDb, getDb, type Executor } from "../../db/client.server";
import { emailConfig } from "../../db/schema";
import { activeMailAccount, getEmailConfig, saveEmailConfig } from "~/models/email-config.server";

const PASSWORD = `app-pass-${Date.now().toString(36)}-Zx9`;
const input = {
  provider: "outlook" as const,
  senderEmail: "office@example.test",
  senderName: "Office",
  isActive: true,
  appPassword: PASSWORD,
};

class Rollback extends Error {}

/** Runs `fn` on an empty email_config table, then undoes everything. */
async function inEmptyTable(fn: (tx: Executor) => Promise<void>) {
  const db = await getDb();
  await db
    .transaction(async (tx) => {
      await tx.execute(sql`lock table email_config in exclusive mode`);
      await tx.delete(emailConfig);
      await fn(tx);
      throw new Rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof Rollback)) throw error;
    });
}

afterAll(async () => {
  await closeDb();
});

describe("saveEmailConfig", () => {
  it("creates the configuration when there is none, with its timestamps and without the password", async () => {
    await inEmptyTable(async (tx) => {
      const before = Date.now();
      const { config, created } = await saveEmailConfig(tx, input);
      expect(created).toBe(true);
      expect(config).toEqual({
        id: expect.any(Number),
        provider: "outlook",
        senderEmail: "office@example.test",
        senderName: "Office",
        isActive: true,
        hasPassword: true,
        createdAt: expect.any(Date),
        updatedAt: expect.any(Date),
      });
      expect(config.createdAt.getTime()).toBeGreaterThan(before - 60_000);
      expect(JSON.stringify(config)).not.toContain(PASSWORD);
      expect(await getEmailConfig(tx)).toEqual(config);
      // Stored encrypted; only the mail account for SMTP/IMAP carries it in clear.
      const [row] = await tx.select().from(emailConfig);
      expect(row.appPasswordEncrypted).not.toContain(PASSWORD);
      expect((await activeMailAccount(tx)).password).toBe(PASSWORD);
    });
  });

  it("updates the one configuration afterwards, keeping the stored password and its createdAt", async () => {
    await inEmptyTable(async (tx) => {
      const first = await saveEmailConfig(tx, input);
      const { appPassword: _omitted, ...withoutPassword } = input;
      const second = await saveEmailConfig(tx, { ...withoutPassword, senderName: "Front desk" });
      expect(second.created).toBe(false);
      expect(second.config).toMatchObject({
        id: first.config.id,
        senderName: "Front desk",
        hasPassword: true,
        createdAt: first.config.createdAt,
      });
      expect(await tx.select().from(emailConfig)).toHaveLength(1);
      const byId = await saveEmailConfig(tx, input, first.config.id);
      expect(byId.created).toBe(false);
      await expect(saveEmailConfig(tx, input, first.config.id + 1)).rejects.toThrow("Email configuration not found");
    });
  });
});
