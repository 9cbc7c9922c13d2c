import { describe, expect, it } from 'vitest';
import { digitsSearch } from './list-query';

describe('digitsSearch', () => {
  it('reads a search of digits as typed and as the start of a mobile number', () => {
    expect(digitsSearch('0912 345')).toEqual({ digits: '0912345', phone: '0912345' });
    expect(digitsSearch('912-345')).toEqual({ digits: '912345', phone: '0912345' });
    expect(digitsSearch('+98 912 345 6789')).toEqual({ digits: '+989123456789', phone: '09123456789' });
    expect(digitsSearch('1000048')).toEqual({ digits: '1000048', phone: '1000048' });
  });

  it('leaves a search of words to the word search', () => {
    expect(digitsSearch('پژو ۲۰۶')).toBeNull();
    expect(digitsSearch('A-100')).toBeNull();
  });
});
