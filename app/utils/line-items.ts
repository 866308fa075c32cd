// Names shared by the quote and invoice forms' "Add from inventory" and its server side
// (app/forms/inventory-line.server.ts). Safe in the browser.

/** The submit button's name: the server adds the chosen item as a line and shows the form again. */
export const ADD_FROM_INVENTORY = "addFromInventory";
/** The select naming the item to add. */
export const INVENTORY_PICK = "inventoryPick";

/** A stored line as the form's values: the cost and item stay with it when it is saved again. */
export function lineFormValues(item: {
  description: string;
  quantity: string;
  unitPrice: string;
  inventoryItemId?: number | null;
  unitCost?: string | null;
}) {
  return {
    description: item.description,
    quantity: item.quantity,
    unitPrice: item.unitPrice,
    ...(item.inventoryItemId ? { inventoryItemId: String(item.inventoryItemId), unitCost: item.unitCost ?? "" } : {}),
  };
}
