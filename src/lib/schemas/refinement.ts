import { z } from 'zod';

/**
 * Helpers for the request schemas that read loose input (JSON numbers or form
 * strings) in one `transform`: a failure reports its message and yields
 * z.NEVER, and a missing, null or blank value counts as absent.
 */
export type Ctx = z.core.$RefinementCtx;

export const invalid = (ctx: Ctx, message: string): never => {
  ctx.addIssue({ code: 'custom', message });
  return z.NEVER;
};

export const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
