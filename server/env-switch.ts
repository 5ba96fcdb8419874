/** An on/off setting of the environment (PAGE_CACHE, API_THREAD): `off`, `0` or `false`, in any case, turns it off; anything else leaves it on. */
export function switchedOff(value: string | undefined): boolean {
  return ['off', '0', 'false'].includes((value ?? '').trim().toLowerCase());
}
