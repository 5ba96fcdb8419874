import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

/** The one shipping address of a customer (`shipping_addresses`, unique per customer): all SQL of addresses. */
type Db = Kysely<Database> | Transaction<Database>;

export interface ShippingAddress {
  firstname: string;
  lastname: string;
  phone_number: string;
  alt_phone_number: string | null;
  address: string;
  pincode: string;
  city: string;
  state: string;
}

const COLUMNS = ['firstname', 'lastname', 'phone_number', 'alt_phone_number', 'address', 'pincode', 'city', 'state'] as const;

export async function findShippingAddress(db: Db, customerId: number): Promise<ShippingAddress | undefined> {
  return db.selectFrom('shipping_addresses').select(COLUMNS).where('customer_id', '=', customerId).executeTakeFirst();
}

/** Saves the address, replacing the customer's earlier one (one statement). */
export async function saveShippingAddress(db: Db, customerId: number, address: ShippingAddress, now: string): Promise<void> {
  await db
    .insertInto('shipping_addresses')
    .values({ customer_id: customerId, ...address, updated_at: now })
    .onConflict((oc) => oc.column('customer_id').doUpdateSet({ ...address, updated_at: now }))
    .execute();
}

/** Saves the address only when the customer has none yet (an order's address becomes the first one). */
export async function saveShippingAddressIfNone(db: Db, customerId: number, address: ShippingAddress, now: string): Promise<void> {
  await db
    .insertInto('shipping_addresses')
    .values({ customer_id: customerId, ...address, updated_at: now })
    .onConflict((oc) => oc.column('customer_id').doNothing())
    .execute();
}
