import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import { system } from '../system';
import { HistoryTimeline } from './history-timeline';

afterEach(cleanup);

describe('HistoryTimeline', () => {
  it('shows a reason with its numbers in Persian digits and a Latin code (a VIN set on an order) as it is, marked left to right', () => {
    render(
      <ChakraProvider value={system}>
        <HistoryTimeline emptyText="سابقه‌ای نیست." entries={[{ key: 1, at: '۱۴۰۴/۰۱/۰۱ ۱۱:۳۰', who: 'سارا احمدی', title: 'ثبت شماره شاسی', detail: '— ← NAAM01CA6HK410236 پس از 2 تماس' }]} />
      </ChakraProvider>,
    );
    const line = screen.getByText(/پس از/);
    expect(line.textContent).toBe('— ← NAAM01CA6HK410236 پس از ۲ تماس');
    expect(screen.getByText('NAAM01CA6HK410236').closest('[data-ltr]')).not.toBeNull();
  });
});
