/** The contexts TanStack Form's composed hook passes fields through (app-form.ts); field components read their field here. */
import { createFormHookContexts } from '@tanstack/react-form';

export const { fieldContext, formContext, useFieldContext } = createFormHookContexts();
