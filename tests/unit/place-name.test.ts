import { describe, expect, it } from 'vitest';
import { titleCasePlace } from '../../api/pincode/place-name.ts';

describe('place names from India Post', () => {
  it('reads capitals as a shopper would write them', () => {
    expect(titleCasePlace('MUMBAI SUBURBAN')).toBe('Mumbai Suburban');
    expect(titleCasePlace('JAMMU AND KASHMIR')).toBe('Jammu and Kashmir');
    expect(titleCasePlace('THE DADRA AND NAGAR HAVELI AND DAMAN AND DIU')).toBe('The Dadra and Nagar Haveli and Daman and Diu');
    expect(titleCasePlace(' y.s.r.  kadapa ')).toBe('Y.S.R. Kadapa');
    expect(titleCasePlace('SAS NAGAR (MOHALI)')).toBe('Sas Nagar (Mohali)');
    expect(titleCasePlace('NORTH-EAST')).toBe('North-East');
  });
});
