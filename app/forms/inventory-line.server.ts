// The server side of "Add from inventory" in the quote and invoice forms (issue 15 item 6;
// docs/decisions/lines-from-inventory.md). Its button posts the whole form; the chosen item becomes
// a conform "insert" intent on `items`, so the form comes back as typed with the new line at the
// end — nothing validated or saved — with JavaScript or without.
import type { Executor } from "../../db/client.server";
import { inventoryLine, inventoryLineChoices } from "../models/inventory.server";
import { getSettings } from "../models/settings.server";
import { ADD_FROM_INVENTORY, INVENTORY_PICK } from "../utils/line-items";

/** Returns the message to show by the picker when the button was pressed with no item chosen. */
export async function readInventoryLine(db: Executor, formData: FormData): Promise<string | null> {
  if (!formData.has(ADD_FROM_INVENTORY)) return null;
  const picked = Number(formData.get(INVENTORY_PICK));
  const [item] =
    Number.isInteger(picked) && picked > 0 && picked <= 2_147_483_647 ? await inventoryLineChoices(db, picked) : [];
  if (!item) {
    formData.set("__intent__", JSON.stringify({ type: "validate", payload: { name: "items" } }));
    return "Choose an inventory item to add";
  }
  const { business } = await getSettings(db);
  formData.set(
    "__intent__",
    JSON.stringify({
      type: "insert",
      payload: { name: "items", defaultValue: inventoryLine(item, business.defaultMarkup) },
    }),
  );
  return null;
}

/** What the form's select offers: the active items, without their prices and costs. */
export async function inventoryChoices(db: Executor) {
  return (await inventoryLineChoices(db)).map(({ id, sku, name, unit }) => ({ id, sku, name, unit }));
}
