/**
 * Parsers of the account answers (zod/mini), loaded with the first account call: the auth store is on every page, so they stay off the page until needed.
 */
import * as z from 'zod/mini';

export const text = z.nullish(z.string());

/** The customer of SPEC §3 as the API presents it. */
export const customerSchema = z.object({
  id: z.optional(z.int()),
  firstname: text,
  lastname: text,
  email: text,
  phone_number: text,
  alt_phone_number: text,
});
export type Customer = z.output<typeof customerSchema>;

/** SPEC §3 User object: what auth state keeps (token is the bearer). */
export const authUserSchema = z.object({
  customer: z.optional(customerSchema),
  token: z.optional(z.string()),
  email_verification_token: z.optional(z.string()),
  is_existing_customer: z.optional(z.boolean()),
});
export type AuthUser = z.output<typeof authUserSchema>;

/** A signed-in session: the bearer and its customer. */
export const sessionSchema = z.object({ token: z.string().check(z.minLength(1)), customer: customerSchema });
export type SignedInSession = z.output<typeof sessionSchema>;

/** `{ success, message, data }`, read as its data. */
export function dataOf<T>(data: z.ZodMiniType<T>) {
  return z.pipe(
    z.object({ success: z.literal(true), data }),
    z.transform((body) => (body as { data: T }).data),
  );
}

/** An answer whose only content is its message. */
export const doneAnswer = z.pipe(z.object({ success: z.literal(true) }), z.transform(() => true as const));

export const registerAnswer = dataOf(authUserSchema);
export const sessionAnswer = dataOf(sessionSchema);
export const customerAnswer = dataOf(customerSchema);
export const customerInDataAnswer = z.pipe(dataOf(z.object({ customer: customerSchema })), z.transform((data) => data.customer));

/** The answer shapes, for the API tests that check the contract from the server's side too. */
export const ACCOUNT_ANSWERS = {
  register: registerAnswer,
  session: sessionAnswer,
  customer: customerAnswer,
  customerInData: customerInDataAnswer,
  done: doneAnswer,
};
