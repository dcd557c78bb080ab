import { z } from 'zod';
import { editPropertySchema, newPropertySchema, PROPERTY_ADDRESS_MAX, propertyListSchema, propertySchema } from '../customer/properties';
import { endpoint } from '../endpoint';
import { idParams } from '../fields';
import { customerText } from '../text';

/** A customer's properties, as the office reads them (the customer's page, the quote and the order). */
export const listOfficeCustomerProperties = endpoint({
  method: 'GET',
  path: '/api/office/customers/:id/properties',
  params: idParams,
  response: propertyListSchema,
});

export const addOfficeCustomerProperty = endpoint({
  method: 'POST',
  path: '/api/office/customers/:id/properties',
  params: idParams,
  body: newPropertySchema,
  response: propertySchema,
});

/** The office renames a property or corrects its address (decision 235, the customer's rules; audited); answers its customer's list. */
export const editOfficeProperty = endpoint({
  method: 'POST',
  path: '/api/office/properties/:id',
  params: idParams,
  body: editPropertySchema,
  response: propertyListSchema,
});

/**
 * Which property a quote or work order is for: one of its customer's (propertyId) or 'Another
 * address' (address: added to the customer's properties first, or the one they have with it).
 */
export const choosePropertySchema = z.union([
  z.object({ propertyId: z.number().int().positive() }).strict(),
  z
    .object({
      address: customerText(
        { required: 'Service address is required.', tooLong: `Service address must be at most ${PROPERTY_ADDRESS_MAX} characters.` },
        PROPERTY_ADDRESS_MAX,
      ),
    })
    .strict(),
]);
export type ChooseProperty = z.infer<typeof choosePropertySchema>;

/** What a quote or order now names: its property and the address it shows. */
export const chosenPropertySchema = z.object({ property: propertySchema, address: z.string() });
export type ChosenProperty = z.infer<typeof chosenPropertySchema>;

/** The office picks the quote's property; refused once the quote is Approved (409 quote_approved). */
export const setOfficeQuoteProperty = endpoint({
  method: 'POST',
  path: '/api/office/quotes/:id/property',
  params: idParams,
  body: choosePropertySchema,
  response: chosenPropertySchema,
});

/** The office changes a work order's property (and so its address) while it is Pending; 409 address_fixed after. */
export const setOfficeWorkOrderProperty = endpoint({
  method: 'POST',
  path: '/api/office/work-orders/:id/property',
  params: idParams,
  body: choosePropertySchema,
  response: chosenPropertySchema,
});
