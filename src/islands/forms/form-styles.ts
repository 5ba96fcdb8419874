/** The look of the forms' buttons and links, shared by every form island. */
export const submitButtonClass =
  'inline-flex w-full items-center justify-center rounded-md bg-button px-5 py-2.5 text-sm font-semibold text-on-button hover:opacity-90 disabled:cursor-not-allowed disabled:opacity-60';

export const secondaryButtonClass =
  'inline-flex items-center justify-center rounded-md border border-current/30 px-4 py-2 text-sm font-medium transition-colors hover:bg-current/10 disabled:cursor-not-allowed disabled:opacity-60';

export const linkClass = 'font-medium underline underline-offset-4 hover:opacity-80';
