import { z } from "zod";
import { optionalText, requiredText } from "./common";

// One schema for the Add/Edit Customer form, its actions and /api/customers (spec §5: name required).
export const CustomerSchema = z.object({
  name: requiredText(200, "Name is required"),
  email: z.preprocess(
    (value) => (value === null || (typeof value === "string" && value.trim() === "") ? undefined : value),
    z
      .string({ invalid_type_error: "Email must be text" })
      .trim()
      .email("Enter a valid email address")
      .max(254)
      .optional(),
  ),
  phone: optionalText(40, "Phone"),
  address: optionalText(300, "Address"),
  city: optionalText(100, "City"),
  state: optionalText(100, "State"),
  zipCode: optionalText(20, "ZIP Code"),
  notes: optionalText(5000, "Notes"),
});

export type CustomerInput = z.infer<typeof CustomerSchema>;
