// Portal links: "Regenerate" revokes older links; a link e-mailed with a quote keeps them working.
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client.server";
import { createCustomer } from "../../app/models/customer.server";
import { createPortalToken, verifyPortalToken } from "../../app/models/portal.server";

describe("portal tokens", () => {
  it("keeps earlier links when a link is e-mailed, and revokes them on regenerate", async () => {
    const db = await getDb();
    const customer = await createCustomer(db, { name: `Portal Keeper ${Date.now()}` });
    const first = await createPortalToken(db, customer.id);
    const emailed = await createPortalToken(db, customer.id, null, { revokeOthers: false });
    expect(await verifyPortalToken(db, customer.id, first)).toMatchObject({ id: customer.id });
    expect(await verifyPortalToken(db, customer.id, emailed)).toMatchObject({ id: customer.id });

    const regenerated = await createPortalToken(db, customer.id);
    expect(await verifyPortalToken(db, customer.id, first)).toBeNull();
    expect(await verifyPortalToken(db, customer.id, emailed)).toBeNull();
    expect(await verifyPortalToken(db, customer.id, regenerated)).toMatchObject({ id: customer.id });
    // A token never opens another customer's portal.
    expect(await verifyPortalToken(db, customer.id + 1, regenerated)).toBeNull();
  });
});
