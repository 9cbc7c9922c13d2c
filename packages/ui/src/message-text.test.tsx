import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { MessageText } from './message-text';

afterEach(cleanup);

describe('MessageText', () => {
  it('turns digits Persian but keeps links and codes as the recipient got them, left to right', () => {
    const { container } = render(<p>{<MessageText text="سفارش 1000002 لغو شد. کد تخفیف شما به ارزش 650000: RF3A9B0C12DE پرداخت: https://pay.example.com/settle/1000002" />}</p>);
    expect(container.textContent).toBe('سفارش ۱۰۰۰۰۰۲ لغو شد. کد تخفیف شما به ارزش ۶۵۰۰۰۰: RF3A9B0C12DE پرداخت: https://pay.example.com/settle/1000002');
    expect([...container.querySelectorAll('bdi[dir="ltr"][data-ltr]')].map((b) => b.textContent)).toEqual(['RF3A9B0C12DE', 'https://pay.example.com/settle/1000002']);
  });
});
